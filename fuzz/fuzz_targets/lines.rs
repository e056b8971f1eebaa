//! The shared line reader: numbered lines of arbitrary bytes, read through
//! a tiny buffer so chunk boundaries fall everywhere, with a small line
//! limit so refused lines are reached too. No panic, line numbers count up
//! by one, no line comes back longer than the limit, and the lines that
//! are accepted are exactly the input's lines of at most that length.
#![no_main]

use std::io::BufReader;

use dlx_engine::__unstable::text::Lines;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [cap, limit, input @ ..] = data else {
        return;
    };
    let limit = usize::from(*limit % 64) + 1;
    let reader = BufReader::with_capacity(usize::from(*cap % 16) + 1, input);
    let mut lines = Lines::with_limit(reader, limit);
    let raw: Vec<&[u8]> = input.split_inclusive(|&b| b == b'\n').collect();
    let mut last = 0;
    while let Some(line) = lines.next_line() {
        let number = match line {
            Ok((number, text)) => {
                assert!(!text.ends_with('\n') && !text.ends_with('\r'));
                assert!(text.len() <= limit, "an accepted line is within the limit");
                number
            }
            Err(e) => {
                if e.message.starts_with("the line is longer") {
                    assert!(raw[e.line - 1].len() > limit, "only long lines are refused");
                }
                e.line
            }
        };
        assert_eq!(number, last + 1, "lines are numbered one by one");
        last = number;
    }
    assert_eq!(last, raw.len(), "every line is accounted for");
});
