//! The instruction sets the bit-set searches ([`super::BitMatrix`],
//! [`super::MultiBitMatrix`]) are compiled for, detected once per call
//! (cached by `std`), and the macros that make and pick each copy. The
//! macros name `Isa`, `Visitor`, `Outcome` and `Stats` as the module that
//! uses them imports them.

/// The instruction sets the searches are compiled for (x86-64), best
/// first. The source is the same; the compiler makes each count of bits
/// one `POPCNT`, and with [`Isa::V3`] also clears a lowest bit in one
/// `BLSR` and copies a level's state in one 256-bit move (queens13,
/// cachegrind: 614 M instructions with POPCNT alone, 569 M with V3).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Isa {
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
    pub(crate) fn detect() -> Self {
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

/// Defines `$v3` and `$popcnt`, methods that run `$portable` compiled
/// for [`Isa::V3`] and for [`Isa::Popcnt`]: the same code, the compiler
/// free to use each set's instructions. Unsafe to call where the
/// processor lacks them.
macro_rules! isa_copies {
    ($portable:ident: $v3:ident, $popcnt:ident($($arg:ident: $ty:ty),* $(,)?)) => {
        /// The portable code compiled for [`Isa::V3`].
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx,avx2")]
        pub(in crate::dlx) unsafe fn $v3<V: Visitor>(&mut self, $($arg: $ty),*) -> (Outcome, Stats) {
            self.$portable($($arg),*)
        }

        /// The portable code compiled for [`Isa::Popcnt`].
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "popcnt")]
        pub(in crate::dlx) unsafe fn $popcnt<V: Visitor>(&mut self, $($arg: $ty),*) -> (Outcome, Stats) {
            self.$portable($($arg),*)
        }
    };
    // A method that is not a search of the engines (no visitor), returning
    // `$ret`, for the rest of the crate.
    ($portable:ident: $v3:ident, $popcnt:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty) => {
        /// The portable code compiled for [`Isa::V3`].
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx,avx2")]
        unsafe fn $v3(&mut self, $($arg: $ty),*) -> $ret {
            self.$portable($($arg),*)
        }

        /// The portable code compiled for [`Isa::Popcnt`].
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "popcnt")]
        unsafe fn $popcnt(&mut self, $($arg: $ty),*) -> $ret {
            self.$portable($($arg),*)
        }
    };
}

/// Runs the copy of a method ([`isa_copies!`]) for the best instruction
/// set the processor has.
macro_rules! by_isa {
    ($self:ident, $v3:ident, $popcnt:ident, $portable:ident($($arg:expr),*)) => {{
        #[cfg(target_arch = "x86_64")]
        match Isa::detect() {
            // SAFETY: the processor has each instruction set, as detected.
            Isa::V3 => return unsafe { $self.$v3($($arg),*) },
            Isa::Popcnt => return unsafe { $self.$popcnt($($arg),*) },
            Isa::Baseline => {}
        }
        $self.$portable($($arg),*)
    }};
}

pub(crate) use {by_isa, isa_copies};
