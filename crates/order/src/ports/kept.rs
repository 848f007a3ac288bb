//! Reference data kept for a moment: the exchange rates (from the catalog)
//! and the payment methods with their fees (from the payment service) of a
//! currency are asked once per [`KEPT_FOR_MS`], not once per checkout, and so
//! are a product's offer and keys in stock when a shopper puts it into a
//! cart. A rate or fee changed by staff reaches checkout within that time
//! (the shop's pages show rates that old already, through the gateway's
//! micro-cache); the payment service checks the method again when it opens
//! the session, so a method switched off is refused at once. A cart line is
//! priced and its stock judged as of a second ago at most; checkout prices
//! the order with the catalog's offers of that moment and holds the keys.

use std::collections::{BTreeMap, HashMap};
use std::hash::Hash;
use std::sync::{Arc, Mutex, PoisonError};

use keyshop_core::clock::SharedClock;
use keyshop_core::error::AppError;
use keyshop_core::ids::{OrderNo, ProductId, SessionId};
use keyshop_core::money::{CurrencyCode, ExchangeRate, Money};
use keyshop_proto::payment::v1 as payment;

use super::{Catalog, Inventory, MethodOffer, Payments, ProductOffer};

/// How long an answer is kept, in milliseconds of the service's clock.
pub const KEPT_FOR_MS: i64 = 1_000;

/// Answers per key, each until [`KEPT_FOR_MS`] after it was asked.
struct Kept<K, V> {
    clock: SharedClock,
    answers: Mutex<HashMap<K, (i64, V)>>,
}

impl<K: Eq + Hash, V: Clone> Kept<K, V> {
    fn new(clock: SharedClock) -> Kept<K, V> {
        Kept { clock, answers: Mutex::default() }
    }

    fn get(&self, key: &K) -> Option<V> {
        let answers = self.answers.lock().unwrap_or_else(PoisonError::into_inner);
        let (asked_at, value) = answers.get(key)?;
        (self.clock.now_ms() - asked_at < KEPT_FOR_MS).then(|| value.clone())
    }

    fn put(&self, key: K, value: V) {
        let now = self.clock.now_ms();
        let mut answers = self.answers.lock().unwrap_or_else(PoisonError::into_inner);
        answers.retain(|_, (asked_at, _)| now - *asked_at < KEPT_FOR_MS);
        answers.insert(key, (now, value));
    }
}

/// The catalog, its rates kept.
pub struct KeptCatalog {
    inner: Arc<dyn Catalog>,
    rates: Kept<CurrencyCode, Option<ExchangeRate>>,
}

impl KeptCatalog {
    pub fn new(inner: Arc<dyn Catalog>, clock: SharedClock) -> KeptCatalog {
        KeptCatalog { inner, rates: Kept::new(clock) }
    }
}

#[async_trait::async_trait]
impl Catalog for KeptCatalog {
    async fn offers(&self, ids: Vec<ProductId>) -> Result<Vec<ProductOffer>, AppError> {
        self.inner.offers(ids).await
    }

    async fn rate(&self, currency: CurrencyCode) -> Result<Option<ExchangeRate>, AppError> {
        if let Some(rate) = self.rates.get(&currency) {
            return Ok(rate);
        }
        let rate = self.inner.rate(currency).await?;
        self.rates.put(currency, rate);
        Ok(rate)
    }

    async fn support_email(&self) -> Result<Option<String>, AppError> {
        self.inner.support_email().await
    }
}

/// The payment service, its methods per currency kept.
pub struct KeptPayments {
    inner: Arc<dyn Payments>,
    methods: Kept<CurrencyCode, Vec<MethodOffer>>,
}

impl KeptPayments {
    pub fn new(inner: Arc<dyn Payments>, clock: SharedClock) -> KeptPayments {
        KeptPayments { inner, methods: Kept::new(clock) }
    }
}

#[async_trait::async_trait]
impl Payments for KeptPayments {
    async fn methods(&self, currency: CurrencyCode) -> Result<Vec<MethodOffer>, AppError> {
        if let Some(methods) = self.methods.get(&currency) {
            return Ok(methods);
        }
        let methods = self.inner.methods(currency).await?;
        self.methods.put(currency, methods.clone());
        Ok(methods)
    }

    async fn open_session(&self, order_no: &OrderNo, method: &str, amount: Money) -> Result<SessionId, AppError> {
        self.inner.open_session(order_no, method, amount).await
    }

    async fn refund(&self, order_no: &OrderNo) -> Result<(), AppError> {
        self.inner.refund(order_no).await
    }

    async fn history(&self, order_no: &OrderNo) -> Result<Vec<payment::PaymentAttempt>, AppError> {
        self.inner.history(order_no).await
    }
}

/// A product's offer and its keys in stock, kept per product for carts.
pub struct KeptAllowances {
    catalog: Arc<dyn Catalog>,
    inventory: Arc<dyn Inventory>,
    kept: Kept<ProductId, (ProductOffer, i64)>,
}

impl KeptAllowances {
    pub fn new(catalog: Arc<dyn Catalog>, inventory: Arc<dyn Inventory>, clock: SharedClock) -> KeptAllowances {
        KeptAllowances { catalog, inventory, kept: Kept::new(clock) }
    }

    /// The offers of `product_ids` the catalog sells (one gone is left out)
    /// and their keys in stock by SKU; only the products not kept are asked.
    pub async fn of(&self, product_ids: &[ProductId]) -> Result<(Vec<ProductOffer>, BTreeMap<String, i64>), AppError> {
        let mut offers = Vec::with_capacity(product_ids.len());
        let mut stock = BTreeMap::new();
        let mut unknown = Vec::new();
        for id in product_ids {
            match self.kept.get(id) {
                Some((offer, available)) => {
                    stock.insert(offer.sku.clone(), available);
                    offers.push(offer);
                }
                None => unknown.push(*id),
            }
        }
        if unknown.is_empty() {
            return Ok((offers, stock));
        }
        let fresh = self.catalog.offers(unknown).await?;
        let fresh_stock = self.inventory.available(fresh.iter().map(|offer| offer.sku.clone()).collect()).await?;
        for offer in fresh {
            let available = fresh_stock.get(&offer.sku).copied().unwrap_or(0);
            self.kept.put(offer.id, (offer.clone(), available));
            stock.insert(offer.sku.clone(), available);
            offers.push(offer);
        }
        Ok((offers, stock))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use std::sync::atomic::{AtomicU32, Ordering};
    use std::time::Duration;

    use keyshop_core::clock::ManualClock;

    use super::*;
    use crate::domain::pricing::FeeRule;

    /// A catalog and a payment service that count the questions.
    #[derive(Default)]
    struct Counting {
        asked: AtomicU32,
    }

    #[async_trait::async_trait]
    impl Catalog for Counting {
        async fn offers(&self, _: Vec<ProductId>) -> Result<Vec<ProductOffer>, AppError> {
            Ok(Vec::new())
        }

        async fn rate(&self, currency: CurrencyCode) -> Result<Option<ExchangeRate>, AppError> {
            let asked = i64::from(self.asked.fetch_add(1, Ordering::SeqCst));
            Ok((currency.as_str() == "EUR").then(|| ExchangeRate::from_micros(900_000 + asked).unwrap()))
        }

        async fn support_email(&self) -> Result<Option<String>, AppError> {
            Ok(None)
        }
    }

    #[async_trait::async_trait]
    impl Payments for Counting {
        async fn methods(&self, _: CurrencyCode) -> Result<Vec<MethodOffer>, AppError> {
            let asked = i64::from(self.asked.fetch_add(1, Ordering::SeqCst));
            Ok(vec![MethodOffer { code: "card".into(), fee: FeeRule { basis_points: asked, fixed_usd: 0 } }])
        }

        async fn open_session(&self, _: &OrderNo, _: &str, _: Money) -> Result<SessionId, AppError> {
            Err(AppError::unavailable("not here"))
        }

        async fn refund(&self, _: &OrderNo) -> Result<(), AppError> {
            Ok(())
        }

        async fn history(&self, _: &OrderNo) -> Result<Vec<payment::PaymentAttempt>, AppError> {
            Ok(Vec::new())
        }
    }

    fn code(text: &str) -> CurrencyCode {
        CurrencyCode::parse(text).unwrap()
    }

    #[tokio::test]
    async fn a_rate_is_asked_once_per_second_and_currency() {
        let clock = ManualClock::at(1_800_000_000_000);
        let counting = Arc::new(Counting::default());
        let kept = KeptCatalog::new(counting.clone(), clock.clone());
        let first = kept.rate(code("EUR")).await.unwrap();
        assert_eq!(kept.rate(code("EUR")).await.unwrap(), first);
        assert_eq!(kept.rate(code("XYZ")).await.unwrap(), None, "an unknown currency is kept unknown");
        assert_eq!(kept.rate(code("XYZ")).await.unwrap(), None);
        assert_eq!(counting.asked.load(Ordering::SeqCst), 2);
        clock.advance(Duration::from_millis(999));
        assert_eq!(kept.rate(code("EUR")).await.unwrap(), first);
        clock.advance(Duration::from_millis(1));
        let renewed = kept.rate(code("EUR")).await.unwrap();
        assert_ne!(renewed, first, "asked again after a second");
        assert_eq!(counting.asked.load(Ordering::SeqCst), 3);
    }

    #[tokio::test]
    async fn methods_are_asked_once_per_second_and_sessions_always() {
        let clock = ManualClock::at(1_800_000_000_000);
        let counting = Arc::new(Counting::default());
        let kept = KeptPayments::new(counting.clone(), clock.clone());
        let first = kept.methods(code("USD")).await.unwrap();
        assert_eq!(kept.methods(code("USD")).await.unwrap(), first);
        assert_ne!(kept.methods(code("EUR")).await.unwrap(), first, "each currency its own");
        clock.advance(Duration::from_secs(1));
        assert_ne!(kept.methods(code("USD")).await.unwrap(), first);
        assert_eq!(counting.asked.load(Ordering::SeqCst), 3);
        let money = Money { minor: 100, currency: code("USD") };
        let order_no = OrderNo::parse("KS20261201000000000001").unwrap();
        assert!(kept.open_session(&order_no, "card", money).await.is_err(), "sessions are never kept");
    }

    #[tokio::test]
    async fn a_cart_sees_a_products_offer_and_stock_as_of_a_second_ago_at_most() {
        use crate::ports::fake::{FakeCatalog, FakeInventory};

        let clock = ManualClock::at(1_800_000_000_000);
        let (catalog, inventory) = (Arc::new(FakeCatalog::default()), Arc::new(FakeInventory::default()));
        let game = catalog.sell(3, 500, 0);
        inventory.stock("SKU-3", 5);
        let kept = KeptAllowances::new(catalog.clone(), inventory.clone(), clock.clone());
        let gone = ProductId::new(4).unwrap();
        let (offers, stock) = kept.of(&[game, gone]).await.unwrap();
        assert_eq!((offers.len(), offers[0].price_usd, stock["SKU-3"]), (1, 500, 5), "a product not sold is left out");

        inventory.stock("SKU-3", 0);
        catalog.offers.lock().unwrap()[0].price_usd = 700;
        let (offers, stock) = kept.of(&[game]).await.unwrap();
        assert_eq!((offers[0].price_usd, stock["SKU-3"]), (500, 5), "kept within the second");
        clock.advance(Duration::from_secs(1));
        let (offers, stock) = kept.of(&[game]).await.unwrap();
        assert_eq!((offers[0].price_usd, stock["SKU-3"]), (700, 0), "asked again after it");
    }
}
