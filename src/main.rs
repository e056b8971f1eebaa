//! The `dlx` command: parses flags and calls the library.

use clap::{Parser, Subcommand};

/// Dancing-links exact-cover solver, with Sudoku on top.
#[derive(Parser, Debug)]
#[command(name = "dlx", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    match cli.command {}
}
