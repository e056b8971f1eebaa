//! The instruction sets the bit-set searches are compiled for, detected
//! once per call (cached by `std`).

/// The instruction sets the searches are compiled for (x86-64), best
/// first. The source is the same; the compiler makes each count of bits
/// one `POPCNT`, and with [`Isa::V3`] also clears a lowest bit in one
/// `BLSR` and copies a level's state in one 256-bit move (queens13,
/// cachegrind: 614 M instructions with POPCNT alone, 569 M with V3).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Isa {
    /// The x86-64-v3 level's bit and vector instructions: POPCNT, BMI1,
    /// BMI2, LZCNT, AVX and AVX2 (Haswell, Zen and later).
    V3,
    /// POPCNT alone.
    Popcnt,
    /// Plain x86-64.
    Baseline,
}

#[cfg(target_arch = "x86_64")]
impl Isa {
    /// The best the processor has (each feature checked once, then cached
    /// by `std`).
    pub(super) fn detect() -> Self {
        use std::arch::is_x86_feature_detected as has;
        if has!("popcnt")
            && has!("bmi1")
            && has!("bmi2")
            && has!("lzcnt")
            && has!("avx")
            && has!("avx2")
        {
            Isa::V3
        } else if has!("popcnt") {
            Isa::Popcnt
        } else {
            Isa::Baseline
        }
    }
}
