//! Which instruction set the search's loops run in.
//!
//! The walks are generic and inlined whole into one function per probe type, so each is
//! compiled twice on x86_64: for the baseline every x86_64 processor has, and for
//! x86-64-v3 (AVX2, BMI1/2, LZCNT, FMA, MOVBE: Intel since 2013, AMD since 2015). The
//! search picks once per task, by what the processor reports ([`Isa::detected`]). The
//! wider set lets the compiler keep more in registers and use three-operand and bit
//! instructions throughout the loop: 8–9 % fewer seconds for the same nodes on the coset
//! tables (lab/2026-12-05-the-search-in-x86-64-v3.md). Other architectures run the baseline.
//!
//! `KORF_ISA=baseline` in the environment forces the baseline (the tests compare the two).

use std::sync::OnceLock;

/// The code a walk runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Isa {
    /// What every processor of the target architecture runs.
    Baseline,
    /// x86-64-v3, detected at run time.
    #[cfg(target_arch = "x86_64")]
    X86_64V3,
}

impl Isa {
    /// The widest set this processor runs (unless `KORF_ISA=baseline`), found once.
    pub(super) fn detected() -> Isa {
        static ISA: OnceLock<Isa> = OnceLock::new();
        *ISA.get_or_init(|| {
            if std::env::var_os("KORF_ISA").is_some_and(|v| v == "baseline") {
                return Isa::Baseline;
            }
            Isa::widest()
        })
    }

    #[cfg(target_arch = "x86_64")]
    fn widest() -> Isa {
        let v3 = std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("fma")
            && std::arch::is_x86_feature_detected!("movbe")
            && std::arch::is_x86_feature_detected!("popcnt");
        if v3 {
            Isa::X86_64V3
        } else {
            Isa::Baseline
        }
    }

    #[cfg(not(target_arch = "x86_64"))]
    fn widest() -> Isa {
        Isa::Baseline
    }
}

/// The instruction set the search runs in on this processor: `x86-64-v3` or `baseline`
/// (what a report names).
pub fn instruction_set() -> &'static str {
    match Isa::detected() {
        Isa::Baseline => "baseline",
        #[cfg(target_arch = "x86_64")]
        Isa::X86_64V3 => "x86-64-v3",
    }
}

/// `$item` compiled for x86-64-v3: the one list of the features the wide copies use
/// (what [`Isa::widest`] checks).
macro_rules! wide {
    ($item:item) => {
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,fma,movbe,popcnt")]
        $item
    };
}

/// Define `$wide`, an x86-64-v3 copy of the walk `$body` (an `#[inline(always)]` function
/// with the given generic parameters and arguments: a method of `Worker` with `self`, a
/// free function without), and `$name`, which runs the copy for `isa`'s set.
macro_rules! dispatch_walk {
    (
        $(#[$doc:meta])*
        fn $name:ident / $wide:ident / $body:ident
            <$($g:ident: $bound:path),*>($($arg:ident: $ty:ty),*) -> $out:ty
    ) => {
        $(#[$doc])*
        #[inline(never)]
        pub(super) fn $name<$($g: $bound),*>(
            &mut self,
            isa: super::isa::Isa,
            $($arg: $ty),*
        ) -> $out {
            match isa {
                super::isa::Isa::Baseline => self.$body($($arg),*),
                #[cfg(target_arch = "x86_64")]
                // SAFETY: `Isa::X86_64V3` is only ever detected on a processor that
                // reports every feature the copy is compiled with.
                super::isa::Isa::X86_64V3 => unsafe { self.$wide($($arg),*) },
            }
        }

        super::isa::wide! {
            /// The walk compiled for x86-64-v3.
            unsafe fn $wide<$($g: $bound),*>(&mut self, $($arg: $ty),*) -> $out {
                self.$body($($arg),*)
            }
        }
    };
    (
        $(#[$doc:meta])*
        free fn $name:ident / $wide:ident / $body:ident
            <$($g:ident: $bound:path),*>($($arg:ident: $ty:ty),*) -> $out:ty
    ) => {
        $(#[$doc])*
        #[inline(never)]
        pub(super) fn $name<$($g: $bound),*>(isa: super::isa::Isa, $($arg: $ty),*) -> $out {
            match isa {
                super::isa::Isa::Baseline => $body($($arg),*),
                #[cfg(target_arch = "x86_64")]
                // SAFETY: as above.
                super::isa::Isa::X86_64V3 => unsafe { $wide($($arg),*) },
            }
        }

        super::isa::wide! {
            /// The walk compiled for x86-64-v3.
            unsafe fn $wide<$($g: $bound),*>($($arg: $ty),*) -> $out {
                $body($($arg),*)
            }
        }
    };
}

pub(super) use {dispatch_walk, wide};
