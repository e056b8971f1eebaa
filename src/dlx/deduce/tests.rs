use super::*;
use crate::dlx::FlatProblem;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Items 0..items all primary, one class, the given options.
fn rate(items: u32, options: &[&[u32]], rules: &Rules) -> Rating {
    rate_by(&mut Deducer::new(), items, options, rules).unwrap()
}

/// [`rate`] by `deducer`, errors included.
fn rate_by(
    deducer: &mut Deducer,
    items: u32,
    options: &[&[u32]],
    rules: &Rules,
) -> Result<Rating, DeduceError> {
    let mut entries = Vec::new();
    let mut ends = Vec::new();
    for o in options {
        entries.extend_from_slice(o);
        ends.push(entries.len() as u32);
    }
    let class = vec![0; items as usize];
    deducer.rate(
        Instance {
            problem: FlatProblem {
                items,
                primary: items,
                entries: &entries,
                ends: &ends,
            },
            class: &class,
            places: 0,
        },
        rules,
    )
}

/// A cancel that says to stop from its `at`-th question on, and counts
/// the questions.
struct StopAt {
    at: u64,
    asked: AtomicU64,
}

impl StopAt {
    fn new(at: u64) -> Arc<Self> {
        Arc::new(Self {
            at,
            asked: AtomicU64::new(0),
        })
    }

    fn asked(&self) -> u64 {
        self.asked.load(Ordering::Relaxed)
    }
}

impl crate::dlx::cancel::Cancel for StopAt {
    fn is_cancelled(&self) -> bool {
        self.asked.fetch_add(1, Ordering::Relaxed) + 1 >= self.at
    }
}

/// Every pair of `n` items as an option: a perfect matching, of which
/// there is none for an odd `n`; the rules see that only at the leaves
/// of a tree of thousands of guesses.
fn pairs(n: u32) -> Vec<[u32; 2]> {
    (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| [i, j]))
        .collect()
}

#[test]
fn a_cancel_is_asked_before_each_problem_and_while_guessing() {
    let pairs = pairs(13);
    let options: Vec<&[u32]> = pairs.iter().map(|p| &p[..]).collect();
    let rules = Rules::default();
    let whole = rate(13, &options, &rules);
    assert_eq!(whole.solutions, 0);
    // Enough guesses (each counting 14 units) for many questions.
    assert!(whole.guesses * 14 > 10 * CANCEL_WORK, "{whole:?}");

    // Said at once: nothing is done.
    let mut deducer = Deducer::new();
    let stop = StopAt::new(1);
    deducer.set_cancel(Some(stop.clone()));
    let rated = rate_by(&mut deducer, 13, &options, &rules);
    assert_eq!((rated, stop.asked()), (Err(DeduceError::Cancelled), 1));

    // Said at the fourth question: the guessing stops there.
    let stop = StopAt::new(4);
    deducer.set_cancel(Some(stop.clone()));
    let rated = rate_by(&mut deducer, 13, &options, &rules);
    assert_eq!((rated, stop.asked()), (Err(DeduceError::Cancelled), 4));

    // Never said: the rating is the one without a cancel, and the
    // deducer is whole again after being stopped.
    let never = StopAt::new(u64::MAX);
    deducer.set_cancel(Some(never.clone()));
    let rated = rate_by(&mut deducer, 13, &options, &rules);
    assert_eq!(rated, Ok(whole));
    assert!(never.asked() > 10, "asked {} times", never.asked());
    deducer.set_cancel(None);
    assert_eq!(rate_by(&mut deducer, 13, &options, &rules), Ok(whole));
}

#[test]
fn singles_alone_solve_a_forced_problem() {
    // Item 0 has one option; choosing it leaves item 2 one option.
    let r = rate(3, &[&[0, 1], &[1, 2], &[2]], &Rules::default());
    assert_eq!(r.solutions, 1);
    assert_eq!(r.naked_singles, 2);
    // Naked singles alone, no guess: what sudoku::rate grades `simple`.
    let only_singles = Rating {
        naked_singles: 2,
        solutions: 1,
        ..Rating::default()
    };
    assert_eq!((r.guesses, r), (0, only_singles));
}

#[test]
fn an_unsolvable_problem_has_no_solution() {
    let r = rate(3, &[&[0, 1], &[1, 2]], &Rules::default());
    assert_eq!(r.solutions, 0);
}

#[test]
fn guessing_counts_two_solutions() {
    // Two disjoint ways to cover {0, 1}.
    let r = rate(2, &[&[0, 1], &[0], &[1]], &Rules::default());
    assert_eq!(r.solutions, 2);
    // Guesses: what sudoku::rate grades `expert`.
    assert!(r.guesses >= 2);
}

#[test]
fn the_guess_budget_is_kept() {
    let rules = Rules {
        max_guesses: 1,
        ..Rules::default()
    };
    let entries = [0, 1, 0, 1];
    let ends = [2, 3, 4];
    let err = Deducer::new()
        .rate(
            Instance {
                problem: FlatProblem {
                    items: 2,
                    primary: 2,
                    entries: &entries,
                    ends: &ends,
                },
                class: &[0, 0],
                places: 0,
            },
            &rules,
        )
        .unwrap_err();
    assert_eq!(err, DeduceError::GaveUp(1));
}

#[test]
fn an_intersection_removes_the_options_outside_it() {
    // Both options of item 0 cover item 1, so item 1's third option
    // {1, 4} goes; nothing has one option before that.
    let r = rate(
        5,
        &[&[0, 1, 2], &[0, 1, 3], &[1, 4], &[4, 2], &[4, 3], &[2, 3]],
        &Rules::default(),
    );
    assert!(r.intersections >= 1, "{r:?}");
}

use crate::dlx::brute_force::count_by_brute_force;
use crate::dlx::{ItemId, ItemKind, Problem};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Every rule keeps every solution and adds none, on random
    /// problems with random classes and secondary items: the count
    /// (to 2) is the brute-force count's.
    #[test]
    fn the_rules_keep_the_solutions(
        items in 1u32..8,
        secondary in 0u32..3,
        options in proptest::collection::vec(proptest::collection::btree_set(0u32..10, 1..4), 1..14),
        classes in proptest::collection::vec(0u8..3, 10),
        max_subset in 1usize..5,
    ) {
        let total = items + secondary;
        let mut p = Problem::new();
        for i in 0..total {
            p.add_item(if i < items { ItemKind::Primary } else { ItemKind::Secondary });
        }
        let mut entries = Vec::new();
        let mut ends = Vec::new();
        for o in &options {
            let o: Vec<u32> = o.iter().map(|&i| i % total).collect::<std::collections::BTreeSet<_>>().into_iter().collect();
            // The engine's problems need a primary item in every option.
            if o.iter().all(|&i| i >= items) {
                continue;
            }
            let ids: Vec<ItemId> = o.iter().map(|&i| ItemId(i)).collect();
            p.add_option(&ids).unwrap();
            entries.extend_from_slice(&o);
            ends.push(entries.len() as u32);
        }
        let expected = count_by_brute_force(&p).unwrap().min(2) as u64;
        let rules = Rules { max_subset, ..Rules::default() };
        let rating = Deducer::new()
            .rate(
                Instance {
                    problem: FlatProblem {
                        items: total,
                        primary: items,
                        entries: &entries,
                        ends: &ends,
                    },
                    class: &classes[..total as usize],
                    places: 0,
                },
                &rules,
            )
            .unwrap();
        prop_assert_eq!(rating.solutions, expected);
    }
}

#[test]
fn malformed_instances_are_refused() {
    let err = Deducer::new()
        .rate(
            Instance {
                problem: FlatProblem::all_primary(2, &[0, 5], &[2]),
                class: &[0, 0],
                places: 0,
            },
            &Rules::default(),
        )
        .unwrap_err();
    assert!(matches!(err, DeduceError::Malformed(_)));
}

/// The walk of `ladder`, at most `max_steps` steps, on a problem whose
/// first `primary` items are primary, with the classes `class` (places:
/// class 0).
fn walk(
    class: &[u8],
    primary: u32,
    options: &[&[u32]],
    ladder: &[Technique],
    max_steps: usize,
) -> (Vec<Step>, Ending) {
    let mut entries = Vec::new();
    let mut ends = Vec::new();
    for o in options {
        entries.extend_from_slice(o);
        ends.push(entries.len() as u32);
    }
    let instance = Instance {
        problem: FlatProblem {
            items: class.len() as u32,
            primary,
            entries: &entries,
            ends: &ends,
        },
        class,
        places: 0,
    };
    Deducer::new().walk(instance, ladder, max_steps).unwrap()
}

/// The first step of [`walk`].
fn first_step(class: &[u8], primary: u32, options: &[&[u32]], ladder: &[Technique]) -> Step {
    let (steps, ending) = walk(class, primary, options, ladder, 1);
    assert_eq!(ending, Ending::StepLimit);
    steps.into_iter().next().unwrap()
}

#[test]
fn a_wing_removes_what_sees_both_ends() {
    // Places P, A, B, T (items 0-3, class 0); links x, y, z1, z2 (items
    // 4-7, class 1, secondary). Pivot P = px | py; wing A = ax | az with
    // ax seeing px through x; wing B = by | bz with by seeing py through
    // y. Whichever P takes, az or bz is true, and t sees both (z1, z2).
    let class = [0, 0, 0, 0, 1, 1, 1, 1];
    let (px, py, ax, az, by, bz, t) = (0, 1, 2, 3, 4, 5, 6);
    let options: [&[u32]; 8] = [
        &[0, 4],    // px
        &[0, 5],    // py
        &[1, 4],    // ax
        &[1, 6],    // az
        &[2, 5],    // by
        &[2, 7],    // bz
        &[3, 6, 7], // t
        &[3],       // T's other option
    ];
    let step = first_step(&class, 4, &options, &[Technique::Wing { k: 2 }]);
    assert_eq!(step.kind, Move::Wing(2));
    assert_eq!(step.items, [0]);
    assert_eq!(step.options, [px, py, ax, az, by, bz]);
    assert_eq!(step.removed, [t]);
}

#[test]
fn a_chain_removes_what_sees_both_its_ends() {
    // a = b - c = d: strong links on S1 and S2 (items 0, 1, class 1, two
    // options each), a weak link on W (item 2); t sees a through Ta and d
    // through Td (items 3, 4). X (item 5, a place) keeps t from being
    // alone.
    let class = [1, 1, 1, 1, 1, 0];
    let options: [&[u32]; 6] = [
        &[0, 3],    // a
        &[0, 2],    // b
        &[2, 1],    // c
        &[1, 4],    // d
        &[3, 4, 5], // t
        &[5],       // X's other option
    ];
    let ladder = [Technique::Chain {
        kind: ChainKind::X,
        max_nodes: 8,
    }];
    let step = first_step(&class, 2, &options, &ladder);
    assert_eq!(step.kind, Move::Chain(ChainKind::X));
    assert_eq!(step.options, [0, 1, 2, 3]);
    assert_eq!(step.length, 4);
    assert_eq!(step.removed, [4]);
    // A chain longer than allowed is not looked for.
    let short = [Technique::Chain {
        kind: ChainKind::X,
        max_nodes: 2,
    }];
    let (steps, ending) = walk(&class, 2, &options, &short, 5);
    assert!(steps.is_empty());
    assert_eq!(ending, Ending::Stalled);
}

#[test]
fn a_trial_removes_an_option_that_empties_an_item() {
    // A = o0 | o1, B = o0 | o2, C = o1 | o2. Choosing o0 covers A and B,
    // which kills o1 and o2, C's only options: a contradiction after no
    // single. (Each option does the same; the first goes.)
    let class = [0, 0, 0];
    let options: [&[u32]; 3] = [&[0, 1], &[0, 2], &[1, 2]];
    let step = first_step(
        &class,
        3,
        &options,
        &[Technique::Trial {
            max_singles: usize::MAX,
        }],
    );
    assert_eq!(step.kind, Move::Trial);
    assert_eq!(step.options, [0]);
    assert_eq!(step.removed, [0]);
    assert_eq!(step.items, [2]);
    assert_eq!(step.length, 0);
}

#[test]
fn forcing_chains_keep_what_every_option_of_an_item_leads_to() {
    // Place I (item 0) has options a, b, c; place T (item 1) t, u; Z
    // (item 2, primary) d, e: a strong link. a and b each see t (X, B);
    // c sees d (Y), so d is false, e true, and e sees t (W). Whichever I
    // takes, t is false: complexity 2 + 2 + 4 (a t, b t, c d e t). The
    // other places have two options: no forcing chains start there.
    let class = [0, 0, 1, 1, 1, 1, 1];
    let (a, b, c, t, d, e) = (0, 1, 2, 3, 5, 6);
    let options: [&[u32]; 7] = [
        &[0, 3],       // a
        &[0, 4],       // b
        &[0, 5],       // c
        &[1, 3, 4, 6], // t
        &[1],          // u
        &[2, 5],       // d
        &[2, 6],       // e
    ];
    let ladder = [Technique::Forcing { max_complexity: 8 }];
    let step = first_step(&class, 3, &options, &ladder);
    assert_eq!(step.kind, Move::Forcing);
    assert_eq!(step.items, [0]);
    assert_eq!(step.options, [a, t, b, t, c, d, e, t]);
    assert_eq!(step.removed, [t]);
    assert_eq!(step.chosen, None);
    assert_eq!(step.length, 8);
    // Less complex chains are all a rung of 7 may take: none here.
    let short = [Technique::Forcing { max_complexity: 7 }];
    let (steps, ending) = walk(&class, 3, &options, &short, 5);
    assert!(steps.is_empty());
    assert_eq!(ending, Ending::Stalled);
}

#[test]
fn a_nishio_follows_the_other_items_to_a_contradiction() {
    // Places Pa..Pe (items 0-4, each with a second option of its own) and
    // houses H1..H5 (items 5-9): a = Pa H1 H4, b = Pb H1 H2, c = Pc H2 H3,
    // d = Pd H3 H5, e = Pe H4 H5. Supposing a kills b and e; H2 is left
    // with c alone, a single, which kills d: H5 has no option left. Each
    // option does the same in one single; the first goes.
    let class = [0, 0, 0, 0, 0, 1, 1, 1, 1, 1];
    let options: [&[u32]; 10] = [
        &[0, 5, 8], // a
        &[1, 5, 6], // b
        &[2, 6, 7], // c
        &[3, 7, 9], // d
        &[4, 8, 9], // e
        &[0],
        &[1],
        &[2],
        &[3],
        &[4],
    ];
    let ladder = [Technique::Nishio { max_singles: 3 }];
    let step = first_step(&class, 10, &options, &ladder);
    assert_eq!(step.kind, Move::Nishio);
    assert_eq!(step.options, [0]);
    assert_eq!(step.removed, [0]);
    assert_eq!(step.items, [9]);
    assert_eq!(step.length, 1);
    // None without a single.
    let none = [Technique::Nishio { max_singles: 0 }];
    let (steps, ending) = walk(&class, 10, &options, &none, 5);
    assert!(steps.is_empty());
    assert_eq!(ending, Ending::Stalled);
}

#[test]
fn a_forcing_net_keeps_what_each_option_leads_to_by_singles() {
    // Primary I = a | b, X = a | c | g, Y = b | d, Z = d | e; secondary
    // V = c | e. Supposing a kills c (through X) at once; supposing b
    // kills d, which leaves e alone on Z, a single that kills c (through
    // V). Either way c goes; neither supposition ends in a contradiction
    // (two solutions: {a, d} and {b, e, g}).
    let class = [0, 0, 0, 0, 1];
    let (a, b, c, e) = (0, 1, 2, 4);
    // a, b, c, d, e, g
    let options: [&[u32]; 6] = [&[0, 1], &[0, 2], &[1, 4], &[2, 3], &[3, 4], &[1]];
    let ladder = [Technique::ForcingNet {
        max_complexity: usize::MAX,
    }];
    let step = first_step(&class, 4, &options, &ladder);
    assert_eq!(step.kind, Move::ForcingNet);
    assert_eq!(step.items, [0]);
    // Each supposition, then its singles' choices, then the consequence.
    assert_eq!(step.options, [a, c, b, e, c]);
    assert_eq!(step.removed, [c]);
    assert_eq!(step.chosen, None);
    // a: no single (1); b: one (2 + 1).
    assert_eq!(step.length, 4);
    // Bounded below its complexity, none.
    let none = [Technique::ForcingNet { max_complexity: 3 }];
    let (steps, _) = walk(&class, 4, &options, &none, 5);
    assert!(steps.is_empty());
}
