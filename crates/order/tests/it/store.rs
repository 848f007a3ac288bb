//! The order store on SQLite and PostgreSQL: orders with their lines and
//! history, guarded state changes, idempotency keys, coupon limits under
//! concurrent checkouts, soft deletion, expiry and auto-completion queries.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use keyshop_core::db::{Db, DbError};
use keyshop_order::domain::coupon::Coupon;
use keyshop_order::domain::pricing::CouponValue;
use keyshop_order::domain::state::OrderState;
use keyshop_order::store::MIGRATIONS;
use keyshop_order::store::orders::{NewOrder, OrderLine};
use keyshop_order::store::{coupons, orders};
use keyshop_testkit::storage_test;

fn order(order_no: &str, member_id: i64, key: Option<&str>, at: i64) -> NewOrder {
    NewOrder {
        order_no: order_no.to_owned(),
        member_id,
        email: "ann@example.com".to_owned(),
        contact: String::new(),
        note: String::new(),
        language: "de".to_owned(),
        currency: "EUR".to_owned(),
        rate_micros: 920_000,
        goods: 1839,
        member_discount: 0,
        coupon_code: None,
        coupon_discount: 0,
        payment_method: "sandbox".to_owned(),
        payment_fee: 0,
        adjustment: 0,
        service_charge: 0,
        freight: 0,
        real_amount: 1839,
        real_amount_usd: 1999,
        state: OrderState::PendingPayment.as_str().to_owned(),
        link_token_hash: format!("hash-of-{order_no}"),
        idempotency_key: key.map(str::to_owned),
        expires_at: at + 900_000,
        created_at: at,
        updated_at: at,
    }
}

fn line(order_no: &str) -> OrderLine {
    OrderLine {
        order_no: order_no.to_owned(),
        line_no: 1,
        product_id: 7,
        sku: "SKU-7".to_owned(),
        title: "Shadow Quest".to_owned(),
        platform: "steam".to_owned(),
        image: String::new(),
        game_name: "shadow-quest".to_owned(),
        game_ext_name: "steam-global".to_owned(),
        unit_price_usd: 1999,
        unit_price: 1839,
        quantity: 1,
    }
}

async fn run<T: Send + 'static>(
    db: &Db,
    work: impl FnOnce(&mut keyshop_core::db::DbConnection) -> diesel::QueryResult<T> + Send + 'static,
) -> T {
    db.run(move |conn| work(conn).map_err(DbError::from)).await.unwrap()
}

storage_test!(orders_move_only_from_the_state_they_are_in, &MIGRATIONS, |db: Db| async move {
    run(&db, |conn| orders::insert(conn, &order("KS1", 5, Some("idem-1"), 1_000), &[line("KS1")])).await;
    let found = run(&db, |conn| orders::find(conn, "KS1")).await.unwrap();
    assert_eq!((found.state.as_str(), found.real_amount, found.language.as_str()), ("pending_payment", 1839, "de"));
    assert_eq!(run(&db, |conn| orders::lines(conn, "KS1")).await, [line("KS1")]);

    // Paid once: a second "paid" from pending does nothing.
    assert!(
        run(&db, |conn| orders::transition(
            conn,
            "KS1",
            OrderState::PendingPayment,
            OrderState::Paid,
            "sandbox",
            2_000
        ))
        .await
    );
    assert!(
        !run(&db, |conn| orders::transition(conn, "KS1", OrderState::PendingPayment, OrderState::Paid, "again", 2_001))
            .await
    );
    assert!(
        !run(&db, |conn| orders::transition(conn, "KS1", OrderState::PendingPayment, OrderState::Cancelled, "", 2_002))
            .await
    );
    assert!(run(&db, |conn| orders::transition(conn, "KS1", OrderState::Paid, OrderState::Delivered, "", 3_000)).await);
    let delivered = run(&db, |conn| orders::find(conn, "KS1")).await.unwrap();
    assert_eq!((delivered.paid_at, delivered.delivered_at), (Some(2_000), Some(3_000)));
    let steps: Vec<String> =
        run(&db, |conn| orders::history(conn, "KS1")).await.into_iter().map(|row| row.state).collect();
    assert_eq!(steps, ["pending_payment", "paid", "delivered"]);

    // Not deletable until completed.
    assert!(!run(&db, |conn| orders::soft_delete(conn, "KS1", 4_000)).await);
    assert_eq!(
        run(&db, |conn| orders::due_to_complete(conn, 3_500, 10)).await,
        [("KS1".to_owned(), "delivered".to_owned())]
    );
    assert!(
        run(&db, |conn| orders::transition(conn, "KS1", OrderState::Delivered, OrderState::Completed, "auto", 5_000))
            .await
    );
    assert!(run(&db, |conn| orders::soft_delete(conn, "KS1", 6_000)).await);
    let (page, total) = run(&db, |conn| orders::page_of_member(conn, 5, 0, 10)).await;
    assert_eq!((page.len(), total), (0, 0), "deleted orders leave the list");
});

storage_test!(idempotency_keys_find_the_first_order_of_the_same_buyer, &MIGRATIONS, |db: Db| async move {
    run(&db, |conn| orders::insert(conn, &order("KS1", 5, Some("idem-1"), 1_000), &[line("KS1")])).await;
    run(&db, |conn| orders::insert(conn, &order("KS2", 0, Some("idem-1"), 1_100), &[line("KS2")])).await;
    assert_eq!(
        run(&db, |conn| orders::find_by_idempotency(conn, "ann@example.com", 5, "idem-1")).await.as_deref(),
        Some("KS1")
    );
    assert_eq!(
        run(&db, |conn| orders::find_by_idempotency(conn, "ann@example.com", 0, "idem-1")).await.as_deref(),
        Some("KS2")
    );
    assert_eq!(run(&db, |conn| orders::find_by_idempotency(conn, "bob@example.com", 5, "idem-1")).await, None);
    // The same buyer and key twice is refused by the database itself.
    let duplicate =
        db.run(|conn| orders::insert(conn, &order("KS3", 5, Some("idem-1"), 1_200), &[]).map_err(DbError::from)).await;
    assert!(duplicate.is_err());
    let (page, total) = run(&db, |conn| orders::page_of_member(conn, 5, 0, 10)).await;
    assert_eq!((page[0].order_no.as_str(), total), ("KS1", 1));
    assert_eq!(run(&db, |conn| orders::due_to_expire(conn, 901_050, 10)).await, ["KS1"]);
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
    };
    run(&db, move |conn| coupons::insert(conn, &coupon, 0)).await;
    let mut tasks = Vec::new();
    for index in 0..20 {
        let db = db.clone();
        tasks.push(tokio::spawn(async move {
            let order_no = format!("KS{index}");
            db.write(move |conn| -> Result<bool, DbError> {
                orders::insert(conn, &order(&order_no, 0, None, 1_000), &[])?;
                Ok(coupons::claim(conn, "TEN", &format!("buyer{index}@example.com"), &order_no)?)
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
