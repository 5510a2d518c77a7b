//! Money and chips as the sites write them: `$0.10`, `€4.77`, `1,000`, `¥2.00`, held
//! exactly (in ten-thousandths) so pots add up to the cent.

use std::fmt;

/// An amount of money or chips, exact to a ten-thousandth of the unit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Amount(i64);

/// Ten-thousandths per unit.
const SCALE: i64 = 10_000;

/// Currency signs the sites put before an amount.
const SIGNS: [char; 5] = ['$', '€', '£', '¥', '₹'];

impl Amount {
    /// Nothing.
    pub const ZERO: Amount = Amount(0);

    /// An amount from ten-thousandths of the unit.
    pub const fn from_ten_thousandths(v: i64) -> Amount {
        Amount(v)
    }

    /// The amount in ten-thousandths of the unit.
    pub const fn ten_thousandths(self) -> i64 {
        self.0
    }

    /// The amount as a number of units (for display, plots and equity sums).
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / SCALE as f64
    }

    /// The nearest amount to `units` (adjusted results are fractions of a pot).
    pub fn from_f64(units: f64) -> Amount {
        Amount((units * SCALE as f64).round() as i64)
    }

    /// Reads `$0.10`, `€4.77`, `1,000`, `12.5`: an optional currency sign, digits with
    /// optional thousands commas, at most four decimals. `None` for anything else.
    pub fn parse(text: &str) -> Option<Amount> {
        let t = text.trim();
        let t = t.strip_prefix(|c| SIGNS.contains(&c)).unwrap_or(t);
        let (whole, frac) = match t.split_once('.') {
            Some((w, f)) => (w, f),
            None => (t, ""),
        };
        if whole.is_empty() && frac.is_empty() {
            return None;
        }
        let mut units: i64 = 0;
        for c in whole.chars() {
            match c {
                '0'..='9' => {
                    units = units.checked_mul(10)?.checked_add(c as i64 - '0' as i64)?;
                }
                ',' => {}
                _ => return None,
            }
        }
        if frac.len() > 4 || !frac.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let mut fraction: i64 = 0;
        for (i, c) in frac.chars().enumerate() {
            fraction += (c as i64 - '0' as i64) * 10i64.pow(3 - i as u32);
        }
        Some(Amount(units.checked_mul(SCALE)?.checked_add(fraction)?))
    }

    /// The first currency sign anywhere in `text` (`€` of `0.01€/0.02€`), if any.
    pub fn sign_in(text: &str) -> Option<char> {
        text.chars().find(|c| SIGNS.contains(c))
    }

    /// The currency sign `text` starts with, if any.
    pub fn sign_of(text: &str) -> Option<char> {
        text.trim().chars().next().filter(|c| SIGNS.contains(c))
    }
}

impl std::ops::Add for Amount {
    type Output = Amount;
    fn add(self, o: Amount) -> Amount {
        Amount(self.0 + o.0)
    }
}

impl std::ops::Sub for Amount {
    type Output = Amount;
    fn sub(self, o: Amount) -> Amount {
        Amount(self.0 - o.0)
    }
}

impl std::ops::AddAssign for Amount {
    fn add_assign(&mut self, o: Amount) {
        self.0 += o.0;
    }
}

impl std::ops::SubAssign for Amount {
    fn sub_assign(&mut self, o: Amount) {
        self.0 -= o.0;
    }
}

impl std::ops::Neg for Amount {
    type Output = Amount;
    fn neg(self) -> Amount {
        Amount(-self.0)
    }
}

impl std::iter::Sum for Amount {
    fn sum<I: Iterator<Item = Amount>>(iter: I) -> Amount {
        iter.fold(Amount::ZERO, |a, b| a + b)
    }
}

/// Two decimals when the amount is whole cents (`12.50`), none for whole units of chips
/// written without decimals, up to four otherwise; `-` before negatives.
impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let v = self.0.unsigned_abs();
        let (units, frac) = (v / SCALE as u64, v % SCALE as u64);
        if frac == 0 {
            write!(f, "{sign}{units}")
        } else if frac % 100 == 0 {
            write!(f, "{sign}{units}.{:02}", frac / 100)
        } else {
            let digits = format!("{frac:04}");
            write!(f, "{sign}{units}.{}", digits.trim_end_matches('0'))
        }
    }
}

impl serde::Serialize for Amount {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.as_f64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_sites_amounts() {
        assert_eq!(Amount::parse("$0.10"), Some(Amount(1_000)));
        assert_eq!(Amount::parse("€4.77"), Some(Amount(47_700)));
        assert_eq!(Amount::parse("1,000"), Some(Amount(10_000_000)));
        assert_eq!(Amount::parse("$7.5"), Some(Amount(75_000)));
        assert_eq!(Amount::parse("0.0125"), Some(Amount(125)));
        assert_eq!(Amount::parse("abc"), None);
        assert_eq!(Amount::parse("$"), None);
        assert_eq!(Amount::parse("1.23456"), None);
        assert_eq!(Amount(47_700).to_string(), "4.77");
        assert_eq!(Amount(10_000_000).to_string(), "1000");
        assert_eq!(Amount(75_000).to_string(), "7.50");
        assert_eq!(Amount(-125).to_string(), "-0.0125");
    }
}
