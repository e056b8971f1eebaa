//! How evenly `dlx cover --part K/N` shares a tree, and what the split
//! costs each share, for several numbers of subproblems per share:
//!
//! ```sh
//! cargo run --release --example share_balance -- data/dlx/pentomino_6x10.dlx 64 16 64 256
//! ```
//!
//! For each number of subproblems per share, splits the problem as `--part
//! K/N` would (`Plan::split` with at least per-share x N subproblems),
//! counts every subproblem alone on one thread, and sums them into the N
//! round-robin shares. Prints the subproblems, the split's own nodes and
//! updates (walked again by every share), the slowest share over the mean
//! share in nodes and in updates, and the split's updates over a mean
//! share's: the part of each share's work that is overhead.

use dlx_engine::__unstable::{Plan, count_plan};
use dlx_engine::dlx::EngineKind;
use dlx_engine::dlx::Stats;
use dlx_engine::dlx::{Runner, SearchLimits};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, shares, per_share @ ..] = args.as_slice() else {
        return Err("usage: share_balance FILE.dlx SHARES PER-SHARE...".into());
    };
    let text = std::fs::read_to_string(file)?;
    let problem = dlx_engine::dlx::knuth::parse(&text)?.0.problem;
    let shares: usize = shares.parse()?;
    let runner = Runner {
        threads: 1,
        limits: SearchLimits::UNLIMITED,
        deadline: None,
        on_progress: None,
        engine: EngineKind::Auto,
        cancel: None,
        share: None,
    };
    for per in per_share {
        let per: usize = per.parse()?;
        let plan = Plan::split(&problem, per * shares)?;
        let mut share = vec![Stats::default(); shares];
        let count = plan.subproblem_count();
        for i in 0..count {
            // Subproblem i alone is share i + 1 of `count`; the first share
            // also carries the split levels' effort, taken out here.
            let mut alone = count_plan(&runner, &problem, &plan.part(i + 1, count), None)?.stats;
            if i == 0 {
                alone.nodes -= plan.stats.nodes;
                alone.updates -= plan.stats.updates;
            }
            share[i % shares] += alone;
        }
        let slowest = |f: fn(&Stats) -> u64| {
            let values: Vec<f64> = share.iter().map(|s| f(s) as f64).collect();
            let mean = values.iter().sum::<f64>() / values.len() as f64;
            (values.iter().cloned().fold(0.0, f64::max) / mean, mean)
        };
        let (nodes, _) = slowest(|s| s.nodes);
        let (updates, mean_updates) = slowest(|s| s.updates);
        println!(
            "{per} per share: {} subproblems; split {} nodes, {} updates = {:.2} x a mean share's; slowest/mean share: nodes {nodes:.2}, updates {updates:.2}",
            plan.subproblem_count(),
            plan.stats.nodes,
            plan.stats.updates,
            plan.stats.updates as f64 / mean_updates,
        );
    }
    Ok(())
}
