//! The integration tests, one module per subject, in one test binary:
//! each binary links the whole engine, the command's library and the
//! dev-dependencies, so one binary instead of one per file is most of
//! what a fresh `cargo test --release` would otherwise spend linking and
//! optimising the same code again (issue 26). `cargo test --release
//! --test it MODULE::` runs one subject (`--test it docs::`, `--test it
//! bad_inputs::`).

mod common;

mod bad_inputs;
mod bench;
mod big_counts;
mod candidates;
mod cli;
mod cover;
mod detect;
mod docs;
mod explain;
mod formats;
mod fpuzzles;
mod fuzz_regressions;
mod generate;
mod hard;
mod interrupt;
mod json;
mod mixed_rules;
mod multiplicities;
mod parts;
mod properties;
mod rate;
mod release;
mod render;
mod solvers;
mod structure;
mod sudokupad;
mod threads;
mod variants;
