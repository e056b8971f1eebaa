use super::super::{Color, ItemKind, Problem};
use super::*;
use crate::dlx::BuildError;
use crate::dlx::FlatProblem;
use crate::dlx::Search;

/// Knuth's toy example (TAOCP 7.2.2.1 (6)): items a..g, one solution.
pub(crate) fn toy() -> Problem {
    let mut p = Problem::new();
    let it: Vec<_> = "abcdefg"
        .chars()
        .map(|c| p.add_named_item(ItemKind::Primary, c))
        .collect();
    for opt in ["ce", "adg", "bcf", "adf", "bg", "deg"] {
        let items: Vec<_> = opt.bytes().map(|b| it[(b - b'a') as usize]).collect();
        p.add_option(&items).unwrap();
    }
    p
}

#[test]
fn four_item_options_make_the_matrix_from_flat_makes() {
    let arena = Bump::new();
    // Items 0..4; options {0, 1, 2, 3} and {0, 1, 2, 3}: two solutions.
    let options = [[0, 1, 2, 3], [0, 1, 2, 3]];
    let mut m = Matrix::from_four_item_options(&arena, 4, &options).unwrap();
    m.sanity().unwrap();
    assert_eq!(m.count_up_to(u64::MAX).solutions, 2);
}

#[test]
fn a_flat_problem_makes_the_matrix_a_problem_makes() {
    let arena = Bump::new();
    // Items 0 and 1; options {0, 1}, {0}, {1}.
    let p = FlatProblem::all_primary(2, &[0, 1, 0, 1], &[2, 3, 4]);
    assert_eq!(p.option_count(), 3);
    assert_eq!(p.option(1), Some(&[0][..]));
    let mut m = Matrix::from_flat(&arena, p).unwrap();
    assert_eq!(m.count_up_to(u64::MAX).solutions, 2);
    // Item 1 secondary: {0, 1} and {0} each cover the primary item.
    let p = FlatProblem {
        primary: 1,
        ..FlatProblem::all_primary(2, &[0, 1, 0], &[2, 3])
    };
    let mut m = Matrix::from_flat(&arena, p).unwrap();
    assert_eq!(m.count_up_to(u64::MAX).solutions, 2);
    // An option of secondary items alone is refused, as Problem refuses it.
    let p = FlatProblem {
        primary: 1,
        ..FlatProblem::all_primary(2, &[0, 1], &[1, 2])
    };
    assert!(Matrix::from_flat(&arena, p).is_err());
}

#[test]
fn builds_a_sane_matrix() {
    let arena = Bump::new();
    let m = toy().build(&arena).unwrap();
    m.sanity().unwrap();
    assert_eq!(m.item_len(ItemId(0)), 2); // a: adg, adf
    assert_eq!(m.item_len(ItemId(6)), 3); // g: adg, bg, deg
    assert_eq!(m.option_of_node(m.option_first[3]), OptionId(3));
    let items: Vec<_> = m.option_items(OptionId(2)).map(|i| i.0).collect();
    assert_eq!(items, vec![1, 2, 5]);
}

#[test]
fn force_and_restore_round_trip() {
    let arena = Bump::new();
    let mut m = toy().build(&arena).unwrap();
    let pristine = m.state_digest();
    m.force(OptionId(0)).unwrap(); // ce
    m.sanity().unwrap();
    assert_eq!(m.item_len(ItemId(1)), 1); // b: only bg remains
    assert_eq!(
        m.force(OptionId(2)), // bcf clashes on c
        Err(ForceError::Clash {
            option: OptionId(2),
            item: ItemId(2)
        })
    );
    m.force(OptionId(3)).unwrap(); // adf
    assert_eq!(
        m.forced().collect::<Vec<_>>(),
        vec![OptionId(0), OptionId(3)]
    );
    m.restore();
    m.sanity().unwrap();
    assert_eq!(m.state_digest(), pristine);
    assert_eq!(
        m.force(OptionId(9)),
        Err(ForceError::UnknownOption(OptionId(9)))
    );
}

#[test]
fn restoring_from_a_pristine_copy_equals_undoing() {
    let arena = Bump::new();
    let mut m = toy().build(&arena).unwrap();
    let pristine = m.state_digest();
    m.force(OptionId(0)).unwrap();
    m.keep_pristine(&arena); // restores first
    assert_eq!(m.state_digest(), pristine);
    m.force(OptionId(0)).unwrap();
    m.force(OptionId(3)).unwrap();
    let forced = m.state_digest();
    m.restore();
    m.sanity().unwrap();
    assert_eq!(m.state_digest(), pristine);
    // Forcing again after a copy-restore gives the same state.
    m.force_all(&[OptionId(0), OptionId(3)]).unwrap();
    assert_eq!(m.state_digest(), forced);
    m.restore();
    assert_eq!(m.state_digest(), pristine);
}

#[test]
fn force_all_is_all_or_nothing() {
    let arena = Bump::new();
    let mut m = toy().build(&arena).unwrap();
    let pristine = m.state_digest();
    let err = m.force_all(&[OptionId(0), OptionId(3), OptionId(1)]);
    assert!(matches!(err, Err(ForceError::Clash { .. })));
    assert_eq!(m.forced_count(), 0);
    assert_eq!(m.state_digest(), pristine);
}

#[test]
fn forcing_detects_color_clashes() {
    let mut p = Problem::new();
    let a = p.add_item(ItemKind::Primary);
    let b = p.add_item(ItemKind::Primary);
    let c = p.add_item(ItemKind::Primary);
    let s = p.add_item(ItemKind::Secondary);
    p.add_colored_option([(a, None), (s, Some(Color(1)))])
        .unwrap();
    p.add_colored_option([(b, None), (s, Some(Color(1)))])
        .unwrap();
    p.add_colored_option([(c, None), (s, Some(Color(2)))])
        .unwrap();
    let arena = Bump::new();
    let mut m = p.build(&arena).unwrap();
    let pristine = m.state_digest();
    m.force(OptionId(0)).unwrap();
    m.force(OptionId(1)).unwrap(); // same color: compatible
    m.sanity().unwrap();
    assert_eq!(
        m.force(OptionId(2)),
        Err(ForceError::Clash {
            option: OptionId(2),
            item: s
        })
    );
    m.restore();
    m.sanity().unwrap();
    assert_eq!(m.state_digest(), pristine);
}

/// A pseudo-random problem of primary items only, as flat lists.
fn random_flat(seed: &mut u64) -> (u32, Vec<u32>, Vec<u32>) {
    let mut next = |bound: u64| {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 33) % bound
    };
    let items = 1 + next(7) as u32;
    let (mut entries, mut ends) = (Vec::new(), Vec::new());
    for _ in 0..next(12) {
        let mut option: Vec<u32> = (0..items).filter(|_| next(3) == 0).collect();
        if option.is_empty() {
            option.push(next(u64::from(items)) as u32);
        }
        entries.extend(option);
        ends.push(entries.len() as u32);
    }
    (items, entries, ends)
}

#[test]
fn the_flat_build_is_the_problem_build() {
    let mut seed = 7;
    for _ in 0..200 {
        let (items, entries, ends) = random_flat(&mut seed);
        let mut p = Problem::new();
        let ids: Vec<ItemId> = (0..items).map(|_| p.add_item(ItemKind::Primary)).collect();
        let mut start = 0;
        for &end in &ends {
            let option: Vec<ItemId> = entries[start..end as usize]
                .iter()
                .map(|&i| ids[i as usize])
                .collect();
            p.add_option(&option).unwrap();
            start = end as usize;
        }
        let arena = Bump::new();
        let mut flat =
            Matrix::from_flat(&arena, FlatProblem::all_primary(items, &entries, &ends)).unwrap();
        let mut built = p.build(&arena).unwrap();
        flat.sanity().unwrap();
        assert_eq!(flat.state_digest(), built.state_digest());
        assert_eq!(flat.option_count(), built.option_count());
        let (a, b) = (flat.count_up_to(u64::MAX), built.count_up_to(u64::MAX));
        assert_eq!((a.solutions, a.stats), (b.solutions, b.stats));
    }
}

#[test]
fn the_flat_build_with_secondary_items_is_the_problem_build() {
    // The same random problems with their last items secondary: where every
    // option keeps a primary item, the flat build is the problem's build;
    // where one does not, both refuse it.
    let mut seed = 11;
    let mut built_some = 0;
    for round in 0..300 {
        let (items, entries, ends) = random_flat(&mut seed);
        let primary = 1 + round % items;
        let mut p = Problem::new();
        let ids: Vec<ItemId> = (0..items)
            .map(|i| {
                p.add_item(match i < primary {
                    true => ItemKind::Primary,
                    false => ItemKind::Secondary,
                })
            })
            .collect();
        let mut start = 0;
        let mut refused = false;
        for &end in &ends {
            let option: Vec<ItemId> = entries[start..end as usize]
                .iter()
                .map(|&i| ids[i as usize])
                .collect();
            refused |= p.add_option(&option).is_err();
            start = end as usize;
        }
        let arena = Bump::new();
        let flat = FlatProblem {
            primary,
            ..FlatProblem::all_primary(items, &entries, &ends)
        };
        let Ok(mut flat) = Matrix::from_flat(&arena, flat) else {
            assert!(refused, "the flat build refused what a problem takes");
            continue;
        };
        assert!(!refused, "the flat build took what a problem refuses");
        built_some += 1;
        let mut built = p.build(&arena).unwrap();
        flat.sanity().unwrap();
        assert_eq!(flat.state_digest(), built.state_digest());
        let (a, b) = (flat.count_up_to(u64::MAX), built.count_up_to(u64::MAX));
        assert_eq!((a.solutions, a.stats), (b.solutions, b.stats));
    }
    assert!(built_some > 100, "only {built_some} problems built");
}

#[test]
fn the_four_item_build_is_the_flat_build() {
    let mut seed = 11;
    for round in 0..300 {
        let items = 4 + round % 13;
        let count = round % 40;
        let mut options = Vec::new();
        for _ in 0..count {
            // Four distinct items, in any order.
            let mut option = [0u32; 4];
            let mut j = 0;
            while j < 4 {
                seed = seed * 6364136223846793005 + 1442695040888963407;
                let item = ((seed >> 33) % items as u64) as u32;
                if !option[..j].contains(&item) {
                    option[j] = item;
                    j += 1;
                }
            }
            options.push(option);
        }
        let entries: Vec<u32> = options.iter().flatten().copied().collect();
        let ends: Vec<u32> = (1..=count).map(|k| 4 * k).collect();
        let arena = Bump::new();
        let mut four = Matrix::from_four_item_options(&arena, items, &options).unwrap();
        let mut flat =
            Matrix::from_flat(&arena, FlatProblem::all_primary(items, &entries, &ends)).unwrap();
        four.sanity().unwrap();
        assert_eq!(four.nodes, flat.nodes);
        assert_eq!(four.items, flat.items);
        assert_eq!(four.lens, flat.lens);
        assert_eq!(four.option_first, flat.option_first);
        assert_eq!(four.dance, flat.dance);
        // Each node's place in its option's stride, as the division finds it.
        assert_eq!(four.four_place, flat.four_place);
        let first = items as usize + 2;
        for (q, &place) in four.four_place.iter().enumerate().skip(first) {
            assert_eq!(place as usize, (q - first) % 5, "node {q}");
        }
        let (a, b) = (four.count_up_to(u64::MAX), flat.count_up_to(u64::MAX));
        assert_eq!((a.solutions, a.stats), (b.solutions, b.stats));
        four.sanity().unwrap();
    }
}

#[test]
fn the_four_item_build_refuses_what_the_flat_build_would() {
    let arena = Bump::new();
    let build = |items, options: &[[u32; 4]]| {
        Matrix::from_four_item_options(&arena, items, options).map(|m| m.option_count())
    };
    assert_eq!(
        build(4, &[[0, 1, 2, 3], [0, 1, 1, 2]]),
        Err(BuildError::RepeatedItem { option: 1, item: 1 })
    );
    assert_eq!(
        build(4, &[[0, 1, 2, 4]]),
        Err(BuildError::UnknownItem {
            option: 0,
            item: 4,
            items: 4
        })
    );
    assert_eq!(
        build(4, &[[u32::MAX, 1, 2, 3]]),
        Err(BuildError::UnknownItem {
            option: 0,
            item: u32::MAX,
            items: 4
        })
    );
    assert_eq!(build(4, &[]), Ok(0));
    assert_eq!(build(0, &[]), Ok(0));
}

#[test]
fn the_flat_build_refuses_what_a_problem_would() {
    let arena = Bump::new();
    let build = |items, entries: &[u32], ends: &[u32]| {
        Matrix::from_flat(&arena, FlatProblem::all_primary(items, entries, ends))
            .map(|m| m.option_count())
    };
    assert_eq!(
        build(2, &[0, 1, 1], &[3]),
        Err(BuildError::RepeatedItem { option: 0, item: 1 })
    );
    assert_eq!(
        build(2, &[0, 2], &[2]),
        Err(BuildError::UnknownItem {
            option: 0,
            item: 2,
            items: 2
        })
    );
    assert_eq!(
        build(2, &[0, u32::MAX], &[2]),
        Err(BuildError::UnknownItem {
            option: 0,
            item: u32::MAX,
            items: 2
        })
    );
    assert_eq!(
        build(2, &[0, 1], &[2, 2]),
        Err(BuildError::NoPrimaryItem { option: 1 })
    );
    assert_eq!(
        build(2, &[0, 1], &[1, 3]),
        Err(BuildError::OptionBounds { option: 1 })
    );
    assert_eq!(
        build(2, &[0, 1], &[2, 1]),
        Err(BuildError::OptionBounds { option: 1 })
    );
    assert_eq!(
        build(2, &[0, 1], &[1]),
        Err(BuildError::OptionBounds { option: 1 })
    );
    // An item repeated across options is fine; so is no option at all.
    assert_eq!(build(2, &[0, 1, 1], &[2, 3]), Ok(2));
    assert_eq!(build(3, &[], &[]), Ok(0));
}
