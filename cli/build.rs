//! Sets `DLX_VERSION` for `dlx --version`: the package version, followed by
//! the short commit when the crate is built from its own git checkout
//! (`0.2.0 (rev abc1234)`, as ripgrep does). Without git, or from a packaged
//! crate (which has no `.git`), it is the version alone.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let version = env!("CARGO_PKG_VERSION");
    let version = match revision() {
        Some(rev) => format!("{version} (rev {rev})"),
        None => version.to_owned(),
    };
    println!("cargo:rustc-env=DLX_VERSION={version}");
}

/// The short commit of HEAD, when this package is `cli/` at the top of a
/// git work tree, the repository's own layout (not merely somewhere inside
/// a work tree, as an unpacked crate under `target/package/` is).
fn revision() -> Option<String> {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR")?);
    let top = git(&manifest, &["rev-parse", "--show-toplevel"])?;
    let expected = manifest.canonicalize().ok()?.parent()?.to_path_buf();
    if Path::new(&top).canonicalize().ok()? != expected {
        return None;
    }
    // Build again when HEAD moves: HEAD itself (a branch switch), the
    // branch's ref file and packed-refs (a commit). Only existing files are
    // named: cargo reruns a script every time for a missing one.
    let git_dir = PathBuf::from(git(&manifest, &["rev-parse", "--git-dir"])?);
    let git_dir = manifest.join(git_dir);
    let common = git(&manifest, &["rev-parse", "--git-common-dir"])
        .map(|d| manifest.join(d))
        .unwrap_or_else(|| git_dir.clone());
    let mut watched = vec![git_dir.join("HEAD"), common.join("packed-refs")];
    if let Some(branch) = git(&manifest, &["symbolic-ref", "-q", "HEAD"]) {
        watched.push(common.join(&branch));
        watched.push(git_dir.join(&branch));
    }
    for path in watched.iter().filter(|p| p.is_file()) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    git(&manifest, &["rev-parse", "--short", "HEAD"])
}

/// The trimmed standard output of a successful `git ARGS` in `dir`.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?;
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_owned())
}
