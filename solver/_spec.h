/* The fields of the rules (and of the table) that the search reads all the time, as
   accessors: solver/_rules.pxd and solver/_tt.pxd declare them for Cython under the field's
   name + "_of", e.g. n_seats_of(r).

   Built plainly (solver/_search.pyx), each accessor reads the field. The search is also
   built for three presets' default rules (solver/_search_japanese.pyx with
   NAPOLEON_SPEC_JAPANESE defined, solver/_search_mighty.pyx with NAPOLEON_SPEC_MIGHTY,
   solver/_search_japoleon.pyx with NAPOLEON_SPEC_JAPOLEON; setup.py defines each for its
   module only): there each accessor gives the value those rules compile to, so that gcc
   folds away every branch on these fields and unrolls the loops over the five seats. About
   11 % fewer instructions a node (solver/HISTORY.md, the thirty-first session; Japoleon
   the thirty-third).

   So a specialised build may only search under rules that hold exactly its values:
   ``rules_fit`` (solver/_ab.pxi) compares every rules accessor with its field, and
   ``run`` (solver/_search.pyx) hands a solve to a specialised build only when it says so;
   the table is then laid out for those rules' seats (``tt_layout`` in ``run``). The values
   are what solver/_compile.py gives for the presets ``japanese``, ``mighty`` and
   ``japoleon`` with their default options (tests/test_spec.py checks that they still fit),
   the same for every position under them (key suit or trump, partner or alone, trick). A
   field that differs between positions of one preset's default rules, or that some copy of
   the rules changes (_sure_tables.pxd's ``plain.same_two``), must not become a constant. */
#ifndef NAPOLEON_SPEC_H
#define NAPOLEON_SPEC_H

#if defined(NAPOLEON_SPEC_JAPANESE)
#define SPEC_FIELD(p, field, japanese, mighty, japoleon) (japanese)
#elif defined(NAPOLEON_SPEC_MIGHTY)
#define SPEC_FIELD(p, field, japanese, mighty, japoleon) (mighty)
#elif defined(NAPOLEON_SPEC_JAPOLEON)
#define SPEC_FIELD(p, field, japanese, mighty, japoleon) (japoleon)
#else
#define SPEC_FIELD(p, field, japanese, mighty, japoleon) ((p)->field)
#endif

/*                                                   field          Japanese, Mighty, Japoleon */
#define N_SEATS_OF(r)                    SPEC_FIELD(r, n_seats,                    5, 5, 5)
#define N_TRICKS_OF(r)                   SPEC_FIELD(r, n_tricks,                  10, 10, 10)
#define UNIT_POINTS_OF(r)                SPEC_FIELD(r, unit_points,                1, 1, 1)
#define POINT_MASK_OF(r)                 SPEC_FIELD(r, point_mask, 0xF807C03E01F00ULL, \
                                                                     0xF807C03E01F00ULL, \
                                                                     0xF807C03E01F00ULL)
#define FIRST_TRICK_PLAIN_OF(r)          SPEC_FIELD(r, first_trick_plain,          1, 0, 0)
#define ANY_DEAD_OF(r)                   SPEC_FIELD(r, any_dead,                   1, 1, 1)
#define JOKER_MODE_OF(r)                 SPEC_FIELD(r, joker_mode,                 0, 1, 2)
#define JOKER_POWERLESS_FIRST_LAST_OF(r) SPEC_FIELD(r, joker_powerless_first_last, 0, 1, 0)
#define LED_JOKER_WINS_UNFOLLOWED_OF(r)  SPEC_FIELD(r, led_joker_wins_unfollowed,  0, 1, 0)
#define PAIR_FROM_SECOND_TRICK_OF(r)     SPEC_FIELD(r, pair_from_second_trick,     1, 0, 0)
#define JOKER_NAMES_SUIT_OF(r)           SPEC_FIELD(r, joker_names_suit,           0, 1, 1)
#define REVEAL_OF(r)                     SPEC_FIELD(r, reveal,                     0, 0, 0)
#define QUICK_TRICKS_OF(r)               SPEC_FIELD(r, quick_tricks,               0, 0, 0)
#define PARTITION_OF(r)                  SPEC_FIELD(r, partition,                  2, 2, 2)
#define PART_POINTS_OF(r)                SPEC_FIELD(r, part_points,                1, 1, 1)

/* The table: entries of n_seats hands and a meta word. */
#define TT_SEATS_OF(tt)                  SPEC_FIELD(tt, n_seats,                   5, 5, 5)
#define TT_STRIDE_OF(tt)                 SPEC_FIELD(tt, stride,                    6, 6, 6)

#endif
