//! The order store on SQLite and PostgreSQL: orders with their lines and
//! history, guarded state changes, idempotency keys, coupon limits under
//! concurrent checkouts, soft deletion, expiry and auto-completion queries.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use keyshop_core::db::{Db, DbConnection, DbError};
use keyshop_core::error::AppError;
use keyshop_core::ids::{MemberId, OrderNo, ProductId};
use keyshop_core::money::CurrencyCode;
use keyshop_core::postal::PostalAddress;
use keyshop_order::domain::coupon::Coupon;
use keyshop_order::domain::order::{Order, OrderLine};
use keyshop_order::domain::pricing::{Breakdown, CouponValue};
use keyshop_order::domain::state::OrderState;
use keyshop_order::store::MIGRATIONS;
use keyshop_order::store::coupons::Claim;
use keyshop_order::store::orders::OrderDraft;
use keyshop_order::store::{coupons, orders};
use keyshop_testkit::storage_test;

fn no(text: &str) -> OrderNo {
    OrderNo::parse(text).unwrap()
}

fn billing() -> PostalAddress {
    PostalAddress {
        first_name: "Ann".to_owned(),
        last_name: "Lee".to_owned(),
        phone: "+4930901820".to_owned(),
        address: "Unter den Linden 1".to_owned(),
        city: "Berlin".to_owned(),
        province: String::new(),
        zip: "10117".to_owned(),
        country: "DE".to_owned(),
    }
}

fn line() -> OrderLine {
    OrderLine {
        line_no: 1,
        product_id: ProductId::new(7).unwrap(),
        sku: "SKU-7".to_owned(),
        title: "Shadow Quest".to_owned(),
        platform: keyshop_core::vocab::Platform::Steam,
        game_name: "shadow-quest".to_owned(),
        game_ext_name: "steam-global".to_owned(),
        unit_price_usd: 1999,
        unit_price: 1839,
        quantity: 1,
    }
}

fn draft(order_no: &str, member: Option<i64>, key: Option<&str>, at: i64) -> OrderDraft {
    OrderDraft {
        order_no: no(order_no),
        member: member.and_then(MemberId::new),
        email: "ann@example.com".to_owned(),
        contact: String::new(),
        note: String::new(),
        language: "de".to_owned(),
        currency: CurrencyCode::parse("EUR").unwrap(),
        rate_micros: 920_000,
        price: Breakdown { goods: 1839, real_amount: 1839, ..Breakdown::default() },
        coupon_code: None,
        payment_method: "sandbox".to_owned(),
        payment_session_id: None,
        real_amount_usd: 1999,
        billing_address: billing(),
        link_token_hash: format!("hash-of-{order_no}"),
        idempotency_key: key.map(str::to_owned),
        expires_at_ms: at + 900_000,
        now_ms: at,
        lines: vec![line()],
    }
}

async fn run<T: Send + 'static>(
    db: &Db,
    work: impl FnOnce(&mut DbConnection) -> diesel::QueryResult<T> + Send + 'static,
) -> T {
    db.run(move |conn| work(conn).map_err(DbError::from)).await.unwrap()
}

async fn insert(db: &Db, draft: OrderDraft) -> Result<(), AppError> {
    db.run(move |conn| orders::insert(conn, draft)).await
}

async fn find(db: &Db, order_no: &str) -> Order {
    let order_no = no(order_no);
    db.run(move |conn| orders::find(conn, &order_no)).await.unwrap().unwrap().0
}

async fn transition(db: &Db, from: OrderState, to: OrderState, at: i64) -> bool {
    run(db, move |conn| orders::transition(conn, &no("KS1"), from, to, "", at)).await
}

storage_test!(orders_move_only_from_the_state_they_are_in, &MIGRATIONS, |db: Db| async move {
    insert(&db, draft("KS1", Some(5), Some("idem-1"), 1_000)).await.unwrap();
    let found = find(&db, "KS1").await;
    assert_eq!(
        (found.state, found.price.real_amount, found.language.as_str()),
        (OrderState::PendingPayment, 1839, "de")
    );
    assert_eq!(found.lines, [line()]);
    assert_eq!(found.billing_address, Some(billing()));
    assert_eq!(found.member.map(MemberId::get), Some(5));

    // Paid once: a second "paid" from pending does nothing.
    assert!(transition(&db, OrderState::PendingPayment, OrderState::Paid, 2_000).await);
    assert!(!transition(&db, OrderState::PendingPayment, OrderState::Paid, 2_001).await);
    assert!(!transition(&db, OrderState::PendingPayment, OrderState::Cancelled, 2_002).await);
    assert!(transition(&db, OrderState::Paid, OrderState::Delivered, 3_000).await);
    let steps: Vec<OrderState> = find(&db, "KS1").await.history.into_iter().map(|step| step.state).collect();
    assert_eq!(steps, [OrderState::PendingPayment, OrderState::Paid, OrderState::Delivered]);

    // Not deletable until completed.
    assert!(!run(&db, |conn| orders::soft_delete(conn, &no("KS1"), 4_000)).await);
    assert_eq!(run(&db, |conn| orders::due_to_complete(conn, 3_500, 10)).await, [no("KS1")]);
    assert!(transition(&db, OrderState::Delivered, OrderState::Completed, 5_000).await);
    assert!(run(&db, |conn| orders::soft_delete(conn, &no("KS1"), 6_000)).await);
    assert!(find(&db, "KS1").await.deleted);
    let member = MemberId::new(5).unwrap();
    let (page, total) = db.run(move |conn| orders::page_of_member(conn, member, 0, 10)).await.unwrap();
    assert_eq!((page.len(), total), (0, 0), "deleted orders leave the list");
});

storage_test!(idempotency_keys_find_the_first_order_of_the_same_buyer, &MIGRATIONS, |db: Db| async move {
    insert(&db, draft("KS1", Some(5), Some("idem-1"), 1_000)).await.unwrap();
    insert(&db, draft("KS2", None, Some("idem-1"), 1_100)).await.unwrap();
    let member = MemberId::new(5);
    assert_eq!(
        run(&db, move |conn| orders::find_by_idempotency(conn, "ann@example.com", member, "idem-1")).await,
        Some(no("KS1"))
    );
    assert_eq!(
        run(&db, |conn| orders::find_by_idempotency(conn, "ann@example.com", None, "idem-1")).await,
        Some(no("KS2"))
    );
    assert_eq!(
        run(&db, move |conn| orders::find_by_idempotency(conn, "bob@example.com", member, "idem-1")).await,
        None
    );
    // The same buyer and key twice is refused by the database itself, guests too.
    assert!(insert(&db, draft("KS3", Some(5), Some("idem-1"), 1_200)).await.is_err());
    assert!(insert(&db, draft("KS4", None, Some("idem-1"), 1_200)).await.is_err());
    let (page, total) = db.run(move |conn| orders::page_of_member(conn, member.unwrap(), 0, 10)).await.unwrap();
    assert_eq!((page[0].order_no.as_str(), total), ("KS1", 1));
    assert_eq!(run(&db, |conn| orders::due_to_expire(conn, 901_050, 10)).await, [no("KS1")]);
});

storage_test!(a_per_buyer_limit_holds_under_concurrent_checkouts, &MIGRATIONS, |db: Db| async move {
    let coupon = Coupon {
        code: "ONCE".to_owned(),
        value: CouponValue::Percent(10),
        min_goods_usd: 0,
        starts_at_ms: 0,
        ends_at_ms: None,
        usage_limit: None,
        used: 0,
        per_buyer_limit: Some(1),
        rules: Default::default(),
    };
    run(&db, move |conn| coupons::insert(conn, &coupon, 0)).await;
    let mut tasks = Vec::new();
    for index in 0..12 {
        let db = db.clone();
        tasks.push(tokio::spawn(async move {
            let order_no = format!("KS{index}");
            db.write(move |conn| -> Result<Claim, AppError> {
                orders::insert(conn, draft(&order_no, None, None, 1_000))?;
                Ok(coupons::claim(conn, "ONCE", "same@example.com", &order_no)?)
            })
            .await
            .unwrap()
        }));
    }
    let mut outcomes = Vec::new();
    for task in tasks {
        outcomes.push(task.await.unwrap());
    }
    assert_eq!(outcomes.iter().filter(|claim| **claim == Claim::Claimed).count(), 1, "{outcomes:?}");
    assert!(outcomes.iter().all(|claim| matches!(claim, Claim::Claimed | Claim::BuyerLimit)));
    assert_eq!(run(&db, |conn| coupons::find(conn, "ONCE")).await.unwrap().used, 1);
    assert_eq!(run(&db, |conn| coupons::uses_by(conn, "ONCE", "same@example.com")).await, 1);
});

storage_test!(a_coupon_limit_holds_under_concurrent_checkouts, &MIGRATIONS, |db: Db| async move {
    let coupon = Coupon {
        code: "TEN".to_owned(),
        value: CouponValue::Percent(10),
        min_goods_usd: 0,
        starts_at_ms: 0,
        ends_at_ms: None,
        usage_limit: Some(5),
        used: 0,
        per_buyer_limit: None,
        rules: Default::default(),
    };
    run(&db, move |conn| coupons::insert(conn, &coupon, 0)).await;
    let mut tasks = Vec::new();
    for index in 0..20 {
        let db = db.clone();
        tasks.push(tokio::spawn(async move {
            let order_no = format!("KS{index}");
            db.write(move |conn| -> Result<bool, AppError> {
                orders::insert(conn, draft(&order_no, None, None, 1_000))?;
                Ok(coupons::claim(conn, "TEN", &format!("buyer{index}@example.com"), &order_no)? == Claim::Claimed)
            })
            .await
            .unwrap()
        }));
    }
    let mut claimed = 0;
    for task in tasks {
        claimed += usize::from(task.await.unwrap());
    }
    assert_eq!(claimed, 5);
    let stored = run(&db, |conn| coupons::find(conn, "TEN")).await.unwrap();
    assert_eq!(stored.used, 5);
    let mut uses = 0;
    for index in 0..20 {
        uses += run(&db, move |conn| coupons::uses_by(conn, "TEN", &format!("buyer{index}@example.com"))).await;
    }
    assert_eq!(uses, 5, "one recorded use per claim");

    // A cancelled order gives its use back, once.
    let holder = run(&db, |conn| {
        use diesel::prelude::*;
        keyshop_order::store::schema::coupon_uses::table
            .select(keyshop_order::store::schema::coupon_uses::order_no)
            .first::<String>(conn)
    })
    .await;
    let again = holder.clone();
    assert!(run(&db, move |conn| coupons::release(conn, "TEN", &holder)).await);
    assert!(!run(&db, move |conn| coupons::release(conn, "TEN", &again)).await);
    assert_eq!(run(&db, |conn| coupons::find(conn, "TEN")).await.unwrap().used, 4);
    assert!(run(&db, |conn| coupons::find(conn, "NOPE")).await.is_none());
});
