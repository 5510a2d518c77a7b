//! Finding the `r`-th card of a set in one instruction, the step that deals a uniform
//! card without rejection: draw `r` below the number of live cards and take the `r`-th.
//!
//! BMI2's `pdep` does it. A [`Pdep`] value can only be had from [`Pdep::detect`], which
//! says yes only where the instruction exists and is fast (not on AMD before Zen 3,
//! where it is microcoded: tens to hundreds of cycles), so holding one is the proof that
//! running it is safe. Without it, a matchup's dealer draws one of 52 cards and draws
//! again when it is out (`equity::monte_carlo`) and the sweep's shuffles a copied deck
//! (`equity::sweep`): a portable search for the `r`-th bit costs twice that.

use std::sync::OnceLock;

/// The right to run BMI2 `pdep` (and BMI1, POPCNT, LZCNT) on this CPU.
#[derive(Clone, Copy, Debug)]
pub struct Pdep(());

impl Pdep {
    /// `Some` when this CPU has BMI2 and runs `pdep` in hardware (checked once).
    /// `MULTIODDS_DEAL=rejection` in the environment says no, to measure or test the
    /// portable way on a CPU that has both.
    pub fn detect() -> Option<Pdep> {
        static FAST: OnceLock<bool> = OnceLock::new();
        FAST.get_or_init(|| {
            std::env::var("MULTIODDS_DEAL").as_deref() != Ok("rejection") && pdep_is_fast()
        })
        .then_some(Pdep(()))
    }
}

#[cfg(target_arch = "x86_64")]
fn pdep_is_fast() -> bool {
    // The sampler built for this CPU also uses BMI1, POPCNT and LZCNT (every CPU with
    // BMI2 has them, but each is checked).
    if !(std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("lzcnt"))
    {
        return false;
    }
    // AMD (and Hygon) before family 19h (Zen 3) microcode pdep: tens to hundreds of
    // cycles, slower than dealing by rejection.
    #[allow(unused_unsafe)]
    // SAFETY: cpuid is available on every x86-64 CPU and reads no memory.
    let (vendor, signature) = unsafe {
        let v = std::arch::x86_64::__cpuid(0);
        ([v.ebx, v.edx, v.ecx], std::arch::x86_64::__cpuid(1).eax)
    };
    let vendor: Vec<u8> = vendor.iter().flat_map(|w| w.to_le_bytes()).collect();
    let amd_like = vendor == b"AuthenticAMD" || vendor == b"HygonGenuine";
    let base = (signature >> 8) & 0xF;
    let family = if base == 0xF {
        base + ((signature >> 20) & 0xFF)
    } else {
        base
    };
    !(amd_like && family < 0x19)
}

#[cfg(not(target_arch = "x86_64"))]
fn pdep_is_fast() -> bool {
    false
}

impl Pdep {
    /// The `r`-th set bit (0-based, lowest first) of `bits` alone, as a mask; `r` must
    /// be below its popcount (checked in debug builds).
    #[inline(always)]
    pub fn nth_bit_mask(self, bits: u64, r: u32) -> u64 {
        debug_assert!(r < bits.count_ones(), "rank {r} of a word with fewer bits");
        #[cfg(target_arch = "x86_64")]
        {
            let deposited: u64;
            // SAFETY: a `Pdep` exists only where `detect` found BMI2 (which has `shlx`
            // too). Inline assembly rather than the intrinsics: it is inlined into any
            // caller, with no `target_feature` attribute to thread through generic code.
            unsafe {
                std::arch::asm!(
                    "shlx {bit}, {bit}, {r}",
                    "pdep {bit}, {bit}, {mask}",
                    bit = inout(reg) 1u64 => deposited,
                    r = in(reg) r as u64,
                    mask = in(reg) bits,
                    options(pure, nomem, nostack, preserves_flags),
                );
            }
            deposited
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            unreachable!("detect never gives a Pdep off x86-64")
        }
    }
}

impl Pdep {
    /// The bits of `x` at the set bits of `mask`, packed down to the lowest bits in
    /// order (BMI2 `pext`); [`extract_bits`] without it.
    #[inline(always)]
    pub fn extract_bits(self, x: u64, mask: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        {
            let packed: u64;
            // SAFETY: a `Pdep` exists only where `detect` found BMI2, which has `pext`.
            unsafe {
                std::arch::asm!(
                    "pext {out}, {x}, {mask}",
                    out = lateout(reg) packed,
                    x = in(reg) x,
                    mask = in(reg) mask,
                    options(pure, nomem, nostack, preserves_flags),
                );
            }
            packed
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            unreachable!("detect never gives a Pdep off x86-64")
        }
    }
}

/// The bits of `x` at the set bits of `mask`, packed down in order: [`Pdep::extract_bits`]
/// on any CPU, one step per bit of `mask`.
#[inline(always)]
pub fn extract_bits(x: u64, mut mask: u64) -> u64 {
    let (mut packed, mut bit) = (0, 0);
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        packed |= ((x & low != 0) as u64) << bit;
        bit += 1;
        mask ^= low;
    }
    packed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(x: u64, r: u32) -> u32 {
        (0..64)
            .filter(|&b| x & (1 << b) != 0)
            .nth(r as usize)
            .unwrap()
    }

    /// `pext` and the portable extraction agree with picking bit by bit.
    #[test]
    fn extracting_bits_packs_the_masked_bits_in_order() {
        let naive = |x: u64, mask: u64| {
            (0..64)
                .filter(|&b| mask >> b & 1 == 1)
                .enumerate()
                .fold(0u64, |acc, (i, b)| acc | (x >> b & 1) << i)
        };
        let mut z = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..5000 {
            z ^= z << 13;
            z ^= z >> 7;
            z ^= z << 17;
            let (x, mask) = (z, z.rotate_left(29) & z.rotate_left(7));
            assert_eq!(extract_bits(x, mask), naive(x, mask));
            if let Some(p) = Pdep::detect() {
                assert_eq!(p.extract_bits(x, mask), naive(x, mask));
            }
        }
    }

    /// `pdep` agrees with counting bit by bit, on dense, sparse and edge words (where
    /// this CPU has it).
    #[test]
    fn pdep_finds_the_rth_bit() {
        let mut words = vec![
            1u64,
            1 << 51,
            (1 << 52) - 1,
            0x8000_0000_0000_0001,
            u64::MAX,
        ];
        let mut z = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            z = z
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            words.push(z ^ (z >> 29));
            words.push((z >> 7) & (z >> 23) & ((1 << 52) - 1));
        }
        let Some(pdep) = Pdep::detect() else {
            eprintln!("this CPU has no fast pdep: nothing to check");
            return;
        };
        for &x in words.iter().filter(|&&x| x != 0) {
            for r in 0..x.count_ones() {
                assert_eq!(pdep.nth_bit_mask(x, r), 1 << naive(x, r), "{x:#x} rank {r}");
            }
        }
    }
}
