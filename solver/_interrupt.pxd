# Ctrl-C during a search. The search runs without the GIL, so Python's own SIGINT handler
# only records the signal, and the KeyboardInterrupt would wait for the search to end (a
# full deal: minutes). A C handler put in front of Python's counts each SIGINT and then calls
# Python's, so Python still raises KeyboardInterrupt as usual; the search compares the
# count with the one it started with where it checks its deadline (every 1024 nodes) and
# stops. A count rather than a flag: several searches on several threads all see the
# same signal, and none has to reset anything.
#
# Installed once, only over Python's handler (not over SIG_IGN, SIG_DFL or a handler that
# takes siginfo: there the search is simply not interruptible, as before). A later
# ``signal.signal(SIGINT, ...)`` replaces it, which again only makes searches
# uninterruptible. POSIX only; elsewhere the count never moves.

cdef extern from *:
    """
    #include <signal.h>
    static volatile sig_atomic_t nps_sigints = 0;
    #if defined(__unix__) || defined(__APPLE__)
    static struct sigaction nps_previous;
    static int nps_installed = 0;
    static void nps_on_sigint(int sig) {
        nps_sigints++;
        if (nps_previous.sa_handler != SIG_DFL && nps_previous.sa_handler != SIG_IGN)
            nps_previous.sa_handler(sig);
    }
    static int nps_install(void) {
        struct sigaction current, mine;
        if (nps_installed) return 0;
        if (sigaction(SIGINT, NULL, &current) != 0) return -1;
        if ((current.sa_flags & SA_SIGINFO) || current.sa_handler == SIG_DFL ||
                current.sa_handler == SIG_IGN || current.sa_handler == nps_on_sigint)
            return 0;
        nps_previous = current;
        mine = current;
        mine.sa_handler = nps_on_sigint;
        if (sigaction(SIGINT, &mine, NULL) != 0) return -1;
        nps_installed = 1;
        return 0;
    }
    #else
    static int nps_install(void) { return 0; }
    #endif
    static int nps_count(void) { return (int)nps_sigints; }
    """
    int nps_install() noexcept          # with the GIL held: one thread at a time
    int nps_count() noexcept nogil
