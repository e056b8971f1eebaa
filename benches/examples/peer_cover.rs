//! Counts the solutions of a Knuth-format problem (no colors) twice in one
//! process, with this crate's engine and with the `dlx-rs` crate (another
//! dancing-links implementation, a dev-dependency) on the same items and
//! options in the same order, and prints both times:
//!
//! ```text
//! cargo run --release -p dlx-benches --example peer_cover -- data/dlx/pentomino_6x10.dlx
//! ```

use dlx_engine::__unstable::Search;
use std::time::Instant;

use bumpalo::Bump;
use dlx_engine::dlx::{EngineKind, ItemKind, OptionId};

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: peer_cover FILE.dlx");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let (knuth, _) = dlx_engine::dlx::knuth::parse(&text).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let p = &knuth.problem;

    let started = Instant::now();
    let arena = Bump::new();
    let mut matrix = dlx_engine::__unstable::engine(p, &arena, EngineKind::Links)
        .expect("a parsed problem builds");
    let ours = matrix.count_up_to(u64::MAX).solutions;
    let ours_time = started.elapsed();

    // dlx-rs numbers items from 1, mandatory ones first, as the engine does.
    let kinds: Vec<ItemKind> = (0..p.item_count())
        .map(|i| dlx_engine::__unstable::item_kind(p, dlx_engine::dlx::ItemId(i as u32)))
        .collect();
    let primary = kinds.iter().filter(|k| **k == ItemKind::Primary).count();
    let mut index = vec![0usize; kinds.len()];
    let (mut next_primary, mut next_secondary) = (1, primary + 1);
    for (i, kind) in kinds.iter().enumerate() {
        let counter = match kind {
            ItemKind::Primary => &mut next_primary,
            ItemKind::Secondary => &mut next_secondary,
        };
        index[i] = *counter;
        *counter += 1;
    }
    let started = Instant::now();
    let mut peer = dlx_rs::Solver::new_optional(primary, kinds.len() - primary);
    for k in 0..p.option_count() {
        let items: Vec<usize> = dlx_engine::__unstable::option_items(p, OptionId(k as u32))
            .map(|(i, color)| {
                assert!(color.is_none(), "dlx-rs has no colors");
                index[i.0 as usize]
            })
            .collect();
        peer.add_option(k, &items);
    }
    let theirs = peer.count() as u128;
    let theirs_time = started.elapsed();

    println!("{path}");
    println!("dlx     {ours} solutions, {:.3} s", ours_time.as_secs_f64());
    println!(
        "dlx-rs  {theirs} solutions, {:.3} s",
        theirs_time.as_secs_f64()
    );
    println!(
        "dlx-rs / dlx: {:.2}",
        theirs_time.as_secs_f64() / ours_time.as_secs_f64()
    );
    assert_eq!(ours, theirs, "the two engines disagree");
}
