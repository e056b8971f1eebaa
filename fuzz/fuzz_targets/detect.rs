//! Auto-detection on arbitrary bytes, then reading with the detected
//! format: no panic, and the peeked head is replayed, so what the reader
//! sees is the whole input.
#![no_main]

use std::io::Read;

use dlx_engine::format::{self, Head, Options};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (head, mut replay) = Head::peek(Box::new(data));
    let mut all = Vec::new();
    replay.read_to_end(&mut all).unwrap();
    assert_eq!(all, data, "the peeked head is replayed");
    let (head2, replay) = Head::peek(Box::new(data));
    assert_eq!(head.lines, head2.lines);
    if let Ok(format) = format::detect(&head) {
        let cases = format.read(replay, &Options::default()).take(10_000);
        for case in cases.flatten() {
            let n = case.grid.n();
            assert_eq!(case.grid.cells().len(), n * n);
        }
    }
});
