//! What an order costs, in integer minor units of its currency, at the
//! exchange rate locked at checkout. Every part is kept so the order can show
//! it: goods, member discount, coupon discount, payment fee, adjustment,
//! service charge, freight (always 0: keys are digital) and the real amount.
//!
//! Order of the parts: unit prices are converted one by one (so the cart
//! shows the same unit prices as the bill), the member discount comes off the
//! goods, the coupon off what remains, adjustment and service charge are
//! added, the member's points pay what they can of that (all but one minor
//! unit: an order is always paid), and the payment fee is charged on the
//! rest. Rounding is half away from zero at the minor unit, at each step;
//! points are worth whole minor units, rounded down, and an order takes only
//! the points its reduction needs.

use keyshop_core::money::{ExchangeRate, MoneyError};

/// A line as priced: the product's price in US cents and how many.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PricedLine {
    pub unit_price_usd: i64,
    pub quantity: i64,
    /// Whether the coupon counts this line (a coupon for some products only).
    pub coupon: bool,
}

/// A coupon's reduction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CouponValue {
    /// Percent off (1..=100).
    Percent(i64),
    /// A fixed amount off, in US cents (converted at the order's rate).
    FixedUsd(i64),
    /// A fixed amount off in the order's own currency (minor units).
    FixedLocal(i64),
}

/// A payment method's fee: basis points of the subtotal plus a fixed part in US cents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FeeRule {
    pub basis_points: i64,
    pub fixed_usd: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PriceInput {
    pub member_discount_percent: i64,
    pub coupon: Option<CouponValue>,
    pub fee: FeeRule,
    /// Staff's correction, in minor units of the order's currency (may be negative).
    pub adjustment: i64,
    pub service_charge: i64,
    pub points: Option<PointsOffer>,
}

/// A member's points offered to pay with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointsOffer {
    /// The most points to use.
    pub points: i64,
    /// Points worth one US dollar, at the member's level (≥ 1).
    pub per_usd: i64,
}

/// The parts of an order's price, minor units of its currency.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Breakdown {
    pub goods: i64,
    pub member_discount: i64,
    pub coupon_discount: i64,
    pub payment_fee: i64,
    pub adjustment: i64,
    pub service_charge: i64,
    /// The points paid with, and what they took off.
    pub points_used: i64,
    pub points_discount: i64,
    pub freight: i64,
    pub real_amount: i64,
}

/// `amount × numerator / denominator`, rounded half away from zero.
fn share(amount: i64, numerator: i64, denominator: i64) -> Result<i64, MoneyError> {
    let product = i128::from(amount) * i128::from(numerator);
    let denominator = i128::from(denominator);
    let half = denominator / 2;
    let rounded = if product >= 0 { (product + half) / denominator } else { (product - half) / denominator };
    i64::try_from(rounded).map_err(|_| MoneyError::Overflow)
}

fn add(left: i64, right: i64) -> Result<i64, MoneyError> {
    left.checked_add(right).ok_or(MoneyError::Overflow)
}

/// The goods of `lines` in US cents (for coupon minimums and consumption).
pub fn goods_usd(lines: &[PricedLine]) -> Result<i64, MoneyError> {
    lines.iter().try_fold(0_i64, |sum, line| {
        add(sum, line.unit_price_usd.checked_mul(line.quantity).ok_or(MoneyError::Overflow)?)
    })
}

/// One unit of a line in the order's currency.
pub fn unit_price(line: &PricedLine, rate: ExchangeRate) -> Result<i64, MoneyError> {
    rate.convert(line.unit_price_usd)
}

/// Prices `lines` in the currency of `rate`.
pub fn price(lines: &[PricedLine], rate: ExchangeRate, input: &PriceInput) -> Result<Breakdown, MoneyError> {
    let goods = lines.iter().try_fold(0_i64, |sum, line| {
        add(sum, unit_price(line, rate)?.checked_mul(line.quantity).ok_or(MoneyError::Overflow)?)
    })?;
    let member_discount = share(goods, input.member_discount_percent.clamp(0, 100), 100)?;
    let after_member = goods - member_discount;
    // The coupon's part of it: the lines it counts, after the member's discount.
    let counted = lines.iter().filter(|line| line.coupon).try_fold(0_i64, |sum, line| {
        add(sum, unit_price(line, rate)?.checked_mul(line.quantity).ok_or(MoneyError::Overflow)?)
    })?;
    let base = if counted == goods || goods == 0 { after_member } else { share(after_member, counted, goods)? };
    let coupon_discount = match input.coupon {
        None => 0,
        Some(CouponValue::Percent(percent)) => share(base, percent.clamp(0, 100), 100)?,
        Some(CouponValue::FixedUsd(usd)) => rate.convert(usd.max(0))?.min(base),
        Some(CouponValue::FixedLocal(amount)) => amount.max(0).min(base),
    };
    let before_points =
        add(add(after_member - coupon_discount, input.adjustment)?, input.service_charge.max(0))?.max(0);
    let (points_used, points_discount) = match input.points {
        Some(offer) => points_paying(offer, rate, before_points - 1)?,
        None => (0, 0),
    };
    let subtotal = before_points - points_discount;
    let payment_fee = if subtotal > 0 {
        add(share(subtotal, input.fee.basis_points.max(0), 10_000)?, rate.convert(input.fee.fixed_usd.max(0))?)?
    } else {
        0
    };
    Ok(Breakdown {
        goods,
        member_discount,
        coupon_discount,
        payment_fee,
        adjustment: input.adjustment,
        service_charge: input.service_charge.max(0),
        points_used,
        points_discount,
        freight: 0,
        real_amount: add(subtotal, payment_fee)?,
    })
}

/// The points of `offer` that pay at most `most` minor units, and what they
/// pay: a point is worth `100 × rate / (per_usd × 1,000,000)` minor units,
/// their sum rounded down; as many points as offered up to `most`, then only
/// as many as that value needs (points beyond a whole minor unit would buy
/// nothing).
pub fn points_paying(offer: PointsOffer, rate: ExchangeRate, most: i64) -> Result<(i64, i64), MoneyError> {
    if offer.points <= 0 || offer.per_usd <= 0 || most <= 0 {
        return Ok((0, 0));
    }
    // value(p) ≤ most  ⇔  p × K < (most + 1) × D, with value(p) = ⌊p × K / D⌋.
    let per_minor = 100 * i128::from(rate.micros());
    let per_point = i128::from(offer.per_usd) * i128::from(ExchangeRate::MICROS_PER_UNIT);
    let fitting = ((i128::from(most) + 1) * per_point - 1) / per_minor;
    let points = i128::from(offer.points).min(fitting);
    let value = i64::try_from(points * per_minor / per_point).map_err(|_| MoneyError::Overflow)?;
    if value == 0 {
        return Ok((0, 0));
    }
    // The fewest points worth `value`: ⌈value × D / K⌉.
    let needed = (i128::from(value) * per_point + per_minor - 1) / per_minor;
    Ok((i64::try_from(needed).map_err(|_| MoneyError::Overflow)?, value))
}

/// An amount of the order's currency back in US cents, at the locked rate
/// (for the member's consumption).
pub fn to_usd(amount: i64, rate: ExchangeRate) -> Result<i64, MoneyError> {
    share(amount, ExchangeRate::MICROS_PER_UNIT, rate.micros())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rate(text: &str) -> ExchangeRate {
        ExchangeRate::parse_decimal(text).unwrap()
    }

    fn lines() -> Vec<PricedLine> {
        vec![
            PricedLine { unit_price_usd: 1999, quantity: 2, coupon: true },
            PricedLine { unit_price_usd: 4999, quantity: 1, coupon: true },
        ]
    }

    #[test]
    fn plain_usd_is_the_sum_of_the_lines() {
        let bill = price(&lines(), ExchangeRate::ONE, &PriceInput::default()).unwrap();
        assert_eq!(bill, Breakdown { goods: 8997, real_amount: 8997, ..Breakdown::default() });
        assert_eq!(goods_usd(&lines()).unwrap(), 8997);
    }

    #[test]
    fn unit_prices_are_converted_before_multiplying() {
        // 19.99 × 0.92 = 18.3908 → 18.39 per unit; 49.99 × 0.92 = 45.9908 → 45.99.
        let bill = price(&lines(), rate("0.92"), &PriceInput::default()).unwrap();
        assert_eq!(bill.goods, 1839 * 2 + 4599);
        assert_eq!(unit_price(&lines()[0], rate("0.92")).unwrap(), 1839);
    }

    #[test]
    fn every_part_in_its_place() {
        let input = PriceInput {
            member_discount_percent: 4,
            coupon: Some(CouponValue::Percent(10)),
            fee: FeeRule { basis_points: 290, fixed_usd: 30 },
            adjustment: -100,
            service_charge: 50,
            points: None,
        };
        let bill = price(&lines(), ExchangeRate::ONE, &input).unwrap();
        // goods 89.97; member 4% = 3.5988 → 3.60; coupon 10% of 86.37 = 8.637 → 8.64;
        // subtotal 86.37 − 8.64 − 1.00 + 0.50 = 77.23; fee 2.9% = 2.23967 → 2.24, + 0.30.
        assert_eq!(
            bill,
            Breakdown {
                goods: 8997,
                member_discount: 360,
                coupon_discount: 864,
                payment_fee: 254,
                adjustment: -100,
                service_charge: 50,
                points_used: 0,
                points_discount: 0,
                freight: 0,
                real_amount: 7723 + 254,
            }
        );
    }

    #[test]
    fn a_coupon_for_some_lines_counts_only_them() {
        let mut some = lines();
        some[0].coupon = false;
        // Goods 89.97: 39.98 not counted, 49.99 counted; 10 % of 49.99.
        let percent = PriceInput { coupon: Some(CouponValue::Percent(10)), ..PriceInput::default() };
        assert_eq!(price(&some, ExchangeRate::ONE, &percent).unwrap().coupon_discount, 500);
        // A fixed amount larger than the counted lines takes them only.
        let fixed = PriceInput { coupon: Some(CouponValue::FixedLocal(10_000)), ..PriceInput::default() };
        let bill = price(&some, ExchangeRate::ONE, &fixed).unwrap();
        assert_eq!((bill.coupon_discount, bill.real_amount), (4999, 3998));
        // In the order's own currency, as set: no conversion.
        let local = PriceInput { coupon: Some(CouponValue::FixedLocal(450)), ..PriceInput::default() };
        assert_eq!(price(&lines(), rate("0.5"), &local).unwrap().coupon_discount, 450);
    }

    #[test]
    fn a_fixed_coupon_never_makes_the_goods_negative() {
        let input = PriceInput { coupon: Some(CouponValue::FixedUsd(100_000)), ..PriceInput::default() };
        let bill = price(&lines(), rate("0.5"), &input).unwrap();
        assert_eq!(bill.coupon_discount, bill.goods);
        assert_eq!(bill.real_amount, 0);
        let fee = PriceInput { fee: FeeRule { basis_points: 300, fixed_usd: 30 }, ..input };
        assert_eq!(price(&lines(), rate("0.5"), &fee).unwrap().payment_fee, 0, "no fee on nothing");
        let fixed = PriceInput { coupon: Some(CouponValue::FixedUsd(500)), ..PriceInput::default() };
        assert_eq!(price(&lines(), rate("0.92"), &fixed).unwrap().coupon_discount, 460);
    }

    #[test]
    fn amounts_go_back_to_usd_at_the_locked_rate() {
        assert_eq!(to_usd(8277, rate("0.92")).unwrap(), 8997);
        assert_eq!(to_usd(100, ExchangeRate::ONE).unwrap(), 100);
        assert_eq!(to_usd(15_000, rate("150")).unwrap(), 100);
    }

    #[test]
    fn absurd_amounts_overflow_instead_of_wrapping() {
        let huge = [PricedLine { unit_price_usd: i64::MAX / 2, quantity: 3, coupon: true }];
        assert_eq!(price(&huge, ExchangeRate::ONE, &PriceInput::default()), Err(MoneyError::Overflow));
        assert_eq!(goods_usd(&huge), Err(MoneyError::Overflow));
    }

    fn points(points: i64, per_usd: i64) -> Option<PointsOffer> {
        Some(PointsOffer { points, per_usd })
    }

    #[test]
    fn points_pay_after_the_discounts_and_before_the_fee() {
        let input = PriceInput {
            member_discount_percent: 4,
            coupon: Some(CouponValue::Percent(10)),
            fee: FeeRule { basis_points: 290, fixed_usd: 30 },
            points: points(500, 100),
            ..PriceInput::default()
        };
        let bill = price(&lines(), ExchangeRate::ONE, &input).unwrap();
        // 100 points a dollar: 500 points are 5.00 off the 77.73 after the
        // discounts; the fee is 2.9 % of 72.73 (2.109 → 2.11) + 0.30.
        assert_eq!((bill.points_used, bill.points_discount), (500, 500));
        assert_eq!(bill.payment_fee, 241);
        assert_eq!(bill.real_amount, 7773 - 500 + 241);
    }

    #[test]
    fn points_leave_one_minor_unit_to_pay_and_take_only_what_they_need() {
        // 89.97 to pay, 10 points a dollar: 899 points pay 89.90, 900 would pay all.
        let bill =
            price(&lines(), ExchangeRate::ONE, &PriceInput { points: points(5_000, 10), ..PriceInput::default() })
                .unwrap();
        assert_eq!((bill.points_used, bill.points_discount, bill.real_amount), (899, 8990, 7));
        // 1,000 points a dollar: 10 points a cent; 8,996 fit (8.996 → 8,996 ... 89.96).
        let bill = price(
            &lines(),
            ExchangeRate::ONE,
            &PriceInput { points: points(1_000_000, 1_000), ..PriceInput::default() },
        )
        .unwrap();
        assert_eq!((bill.points_used, bill.points_discount, bill.real_amount), (89_960, 8996, 1));
        // 15 points at 10 points a cent buy 1 cent: only 10 are taken.
        let bill =
            price(&lines(), ExchangeRate::ONE, &PriceInput { points: points(15, 1_000), ..PriceInput::default() })
                .unwrap();
        assert_eq!((bill.points_used, bill.points_discount), (10, 1));
        // Too few points for a cent take nothing.
        let bill =
            price(&lines(), ExchangeRate::ONE, &PriceInput { points: points(9, 1_000), ..PriceInput::default() })
                .unwrap();
        assert_eq!((bill.points_used, bill.points_discount, bill.real_amount), (0, 0, 8997));
    }

    #[test]
    fn points_are_worth_the_order_currency_at_its_rate() {
        // 100 points a dollar at 0.92 euro a dollar: 1,000 points are 9.20 euros.
        let bill =
            price(&lines(), rate("0.92"), &PriceInput { points: points(1_000, 100), ..PriceInput::default() }).unwrap();
        assert_eq!((bill.points_used, bill.points_discount), (1_000, 920));
        // 1 point a dollar at 149.5 yen (as minor units ×100): one point is 149.50.
        let (used, value) = points_paying(PointsOffer { points: 3, per_usd: 1 }, rate("149.5"), 1_000_000).unwrap();
        assert_eq!((used, value), (3, 44_850));
    }

    #[test]
    fn points_never_pay_nothing_or_overflow() {
        let one = ExchangeRate::ONE;
        assert_eq!(points_paying(PointsOffer { points: 0, per_usd: 100 }, one, 100).unwrap(), (0, 0));
        assert_eq!(points_paying(PointsOffer { points: 100, per_usd: 0 }, one, 100).unwrap(), (0, 0));
        assert_eq!(points_paying(PointsOffer { points: 100, per_usd: 100 }, one, 0).unwrap(), (0, 0));
        assert_eq!(points_paying(PointsOffer { points: -5, per_usd: 100 }, one, 100).unwrap(), (0, 0));
        let huge = points_paying(PointsOffer { points: i64::MAX, per_usd: 1 }, one, i64::MAX - 1).unwrap();
        // A point a dollar: whole dollars, as many as fit.
        assert_eq!(huge, ((i64::MAX - 1) / 100, (i64::MAX - 1) / 100 * 100));
    }
}
