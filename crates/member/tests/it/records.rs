//! What members keep — addresses, wishlist, notices, tickets, level — always
//! only their own; forms, the newsletter and paid orders through the bus.
//! Real gRPC, on SQLite and PostgreSQL.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support;

use std::time::Duration;

use keyshop_core::audit::Actor;
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::events::Event;
use keyshop_core::vocab::TicketStatus;
use keyshop_member::domain::newsletter::IssueText;
use keyshop_member::service::newsletter_issues::Progress;
use keyshop_member::store::MIGRATIONS;
use keyshop_member::store::newsletter_deliveries::{self, DeliveryState};
use keyshop_member::store::newsletter_issues::{self, IssueStatus};
use keyshop_proto::events::v1::{OrderCancelled, OrderPaid, OrderRefunded};
use keyshop_proto::member::v1 as pb;
use keyshop_testkit::TestDb;
use keyshop_testkit::backend_test;
use support::{client_from, signed};

fn app_error<T: std::fmt::Debug>(result: Result<T, tonic::Status>) -> AppError {
    AppError::from_status(&result.expect_err("the call fails"))
}

fn berlin(street: &str) -> pb::Address {
    pb::Address {
        id: 0,
        postal: Some(keyshop_proto::common::v1::PostalAddress {
            first_name: "Ann".into(),
            last_name: "Lee".into(),
            phone: "+49 30 901820".into(),
            address: street.into(),
            city: "Berlin".into(),
            province: "Berlin".into(),
            zip: "10115".into(),
            country: "DE".into(),
        }),
        is_default: false,
    }
}

backend_test!(exactly_one_default_address_which_cannot_be_deleted, &MIGRATIONS, |test_db: TestDb| async move {
    let mut member = support::start(test_db, false).await;
    let ann = member.member("ann@example.com").await;
    let first = member.client.create_address(signed(&ann, berlin("Street 1"))).await.unwrap().into_inner().id;
    let second = member.client.create_address(signed(&ann, berlin("Street 2"))).await.unwrap().into_inner().id;
    let list = member.client.list_addresses(signed(&ann, pb::Empty {})).await.unwrap().into_inner().addresses;
    assert_eq!(list.iter().filter(|address| address.is_default).count(), 1);
    assert_eq!(list[0].id, first, "the first address is the default, listed first");
    let refused = app_error(member.client.delete_address(signed(&ann, pb::IdRequest { id: first })).await);
    assert_eq!((refused.code, refused.msg_key.as_str()), (ErrorCode::BusinessRule, "api.address.defaultUndeletable"));
    member.client.set_default_address(signed(&ann, pb::IdRequest { id: second })).await.unwrap();
    member.client.delete_address(signed(&ann, pb::IdRequest { id: first })).await.unwrap();
    let list = member.client.list_addresses(signed(&ann, pb::Empty {})).await.unwrap().into_inner().addresses;
    assert_eq!((list.len(), list[0].id, list[0].is_default), (1, second, true));

    let mut wrong = berlin("Street 3");
    let postal = wrong.postal.as_mut().unwrap();
    postal.phone = "12".into();
    postal.zip = "ABC".into();
    let error = app_error(member.client.create_address(signed(&ann, wrong)).await);
    assert_eq!(error.fields["phone"], "api.member.phoneInvalid");
    assert_eq!(error.fields["zip"], "api.member.zipInvalid");
    assert_eq!(member.client.list_addresses(signed(&ann, pb::Empty {})).await.unwrap().into_inner().addresses.len(), 1);
});

backend_test!(a_member_never_reaches_another_members_records, &MIGRATIONS, |test_db: TestDb| async move {
    let mut member = support::start(test_db, false).await;
    let ann = member.member("ann@example.com").await;
    let bob = member.member("bob@example.com").await;
    let ann_id = member.client.get_info(signed(&ann, pb::Empty {})).await.unwrap().into_inner().id;
    let address = member.client.create_address(signed(&ann, berlin("Street 1"))).await.unwrap().into_inner().id;
    let ticket = member
        .client
        .open_ticket(signed(
            &ann,
            pb::OpenTicketRequest {
                subject: "My key".into(),
                message: "It does not work".into(),
                order_no: String::new(),
                client: client_from("198.51.100.1"),
            },
        ))
        .await
        .unwrap()
        .into_inner()
        .id;
    let notice = member
        .service
        .send_notice(keyshop_core::ids::MemberId::new(ann_id), "For Ann", "Hello Ann", Vec::new(), None)
        .await
        .unwrap();

    let mut changed = berlin("Bob was here");
    changed.id = address;
    let not_found = |error: AppError| assert_eq!(error.code, ErrorCode::NotFound, "{error:?}");
    not_found(app_error(member.client.update_address(signed(&bob, changed)).await));
    not_found(app_error(member.client.delete_address(signed(&bob, pb::IdRequest { id: address })).await));
    not_found(app_error(member.client.set_default_address(signed(&bob, pb::IdRequest { id: address })).await));
    not_found(app_error(member.client.get_ticket(signed(&bob, pb::IdRequest { id: ticket })).await));
    not_found(app_error(
        member
            .client
            .post_ticket_message(signed(&bob, pb::TicketMessageRequest { ticket_id: ticket, body: "hi".into() }))
            .await,
    ));
    not_found(app_error(member.client.close_ticket(signed(&bob, pb::IdRequest { id: ticket })).await));
    not_found(app_error(member.client.mark_notice_read(signed(&bob, pb::IdRequest { id: notice })).await));
    let level = app_error(member.client.get_level_info(signed(&bob, pb::IdRequest { id: ann_id })).await);
    assert_eq!(level.code, ErrorCode::Forbidden);

    // Bob's own lists hold nothing of Ann's.
    assert!(member.client.list_addresses(signed(&bob, pb::Empty {})).await.unwrap().into_inner().addresses.is_empty());
    let page = || pb::PageRequest { page: 1, limit: 10, ..Default::default() };
    assert_eq!(member.client.list_tickets(signed(&bob, page())).await.unwrap().into_inner().total, 0);
    assert_eq!(member.client.list_notices(signed(&bob, page())).await.unwrap().into_inner().total, 0);
    let history = member.client.list_login_history(signed(&bob, page())).await.unwrap().into_inner();
    assert_eq!(history.total, 1, "only Bob's own sign-in");

    // And Ann's records are untouched.
    let addresses = member.client.list_addresses(signed(&ann, pb::Empty {})).await.unwrap().into_inner().addresses;
    assert_eq!(addresses[0].postal.as_ref().unwrap().address, "Street 1");
    let thread = member.client.get_ticket(signed(&ann, pb::IdRequest { id: ticket })).await.unwrap().into_inner();
    assert_eq!((thread.messages.len(), thread.ticket.unwrap().status), (1, TicketStatus::Open.to_proto()));
    // No session, no records.
    let anonymous = app_error(member.client.list_addresses(pb::Empty {}).await);
    assert_eq!(anonymous.code, ErrorCode::Unauthenticated);
});

backend_test!(the_wishlist_shows_catalog_cards, &MIGRATIONS, |test_db: TestDb| async move {
    let mut member = support::start(test_db, true).await;
    let ann = member.member("ann@example.com").await;
    let bob = member.member("bob@example.com").await;
    for id in [3, 5, 3] {
        member.client.add_to_wishlist(signed(&ann, pb::IdRequest { id })).await.unwrap();
    }
    let missing = app_error(member.client.add_to_wishlist(signed(&ann, pb::IdRequest { id: 999_999 })).await);
    assert_eq!(missing.code, ErrorCode::NotFound);
    let page = member
        .client
        .list_wishlist(signed(&ann, pb::PageRequest { page: 1, limit: 10, ..Default::default() }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(page.total, 2, "adding twice keeps one row");
    assert!(page.rows.iter().all(|row| row.card.as_ref().is_some_and(|card| card.id == row.product_id)));
    member.client.remove_from_wishlist(signed(&bob, pb::IdRequest { id: 3 })).await.unwrap();
    let ids = member.client.list_wishlist_ids(signed(&ann, pb::Empty {})).await.unwrap().into_inner().ids;
    assert_eq!(ids.len(), 2, "Bob's remove does not touch Ann's list");
    member.client.remove_from_wishlist(signed(&ann, pb::IdRequest { id: 3 })).await.unwrap();
    assert_eq!(member.client.list_wishlist_ids(signed(&ann, pb::Empty {})).await.unwrap().into_inner().ids, [5]);
    assert_eq!(app_error(member.client.list_wishlist_ids(pb::Empty {}).await).code, ErrorCode::Unauthenticated);
});

backend_test!(notices_to_one_and_to_all_read_and_unread, &MIGRATIONS, |test_db: TestDb| async move {
    let mut member = support::start(test_db, false).await;
    let ann = member.member("ann@example.com").await;
    let bob = member.member("bob@example.com").await;
    let ann_id = member.client.get_info(signed(&ann, pb::Empty {})).await.unwrap().into_inner().id;
    let japanese = vec![("ja".to_owned(), "セール".to_owned(), "全品10%オフ".to_owned())];
    let everyone = member.service.send_notice(None, "Sale", "Everything 10% off", japanese, None).await.unwrap();
    let bad = vec![
        ("xx".to_owned(), "?".to_owned(), "?".to_owned()),
        ("de".to_owned(), "Nur Titel".to_owned(), String::new()),
    ];
    let refused = member.service.send_notice(None, "Sale", "Again", bad, None).await.unwrap_err();
    assert!(refused.fields.contains_key("texts[0].language") && refused.fields.contains_key("texts[1].content"));
    member
        .service
        .send_notice(keyshop_core::ids::MemberId::new(ann_id), "For Ann", "Your ticket was answered", Vec::new(), None)
        .await
        .unwrap();
    let unread = |token: &str| signed(token, pb::Empty {});
    assert_eq!(member.client.count_unread_notices(unread(&ann)).await.unwrap().into_inner().count, 2);
    assert_eq!(member.client.count_unread_notices(unread(&bob)).await.unwrap().into_inner().count, 1);
    member.client.mark_notice_read(signed(&ann, pb::IdRequest { id: everyone })).await.unwrap();
    assert_eq!(member.client.count_unread_notices(unread(&ann)).await.unwrap().into_inner().count, 1);
    assert_eq!(
        member.client.count_unread_notices(unread(&bob)).await.unwrap().into_inner().count,
        1,
        "read per member"
    );
    let page = member
        .client
        .list_notices(signed(&ann, pb::PageRequest { page: 1, limit: 10, ..Default::default() }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(page.total, 2);
    assert!(page.rows.iter().any(|notice| notice.id == everyone && notice.read && notice.title == "Sale"));
    // In Japanese: the notice written in it, the other in its own language.
    let in_japanese = pb::PageRequest { page: 1, limit: 10, language: "ja".into() };
    let page = member.client.list_notices(signed(&ann, in_japanese)).await.unwrap().into_inner();
    let titles: Vec<&str> = page.rows.iter().map(|notice| notice.title.as_str()).collect();
    assert!(titles.contains(&"セール") && titles.contains(&"For Ann"), "{titles:?}");
});

backend_test!(a_ticket_thread_with_staff_until_closed, &MIGRATIONS, |test_db: TestDb| async move {
    let mut member = support::start(test_db, false).await;
    let ann = member.member("ann@example.com").await;
    let empty = app_error(
        member
            .client
            .open_ticket(signed(
                &ann,
                pb::OpenTicketRequest { client: client_from("198.51.100.1"), ..Default::default() },
            ))
            .await,
    );
    assert_eq!(
        (empty.fields["subject"].as_str(), empty.fields["message"].as_str()),
        ("api.field.required", "api.field.required")
    );
    let ticket = member
        .client
        .open_ticket(signed(
            &ann,
            pb::OpenTicketRequest {
                subject: "Key not working".into(),
                message: "Steam says the key is invalid".into(),
                order_no: "KS-1".into(),
                client: client_from("198.51.100.1"),
            },
        ))
        .await
        .unwrap()
        .into_inner()
        .id;
    member
        .staff
        .staff_reply_ticket(pb::TicketMessageRequest { ticket_id: ticket, body: "We sent a new key".into() })
        .await
        .unwrap();
    let thread = member.client.get_ticket(signed(&ann, pb::IdRequest { id: ticket })).await.unwrap().into_inner();
    assert_eq!(thread.ticket.as_ref().unwrap().status, TicketStatus::Answered.to_proto());
    assert_eq!(thread.messages.iter().map(|message| message.author.as_str()).collect::<Vec<_>>(), ["member", "staff"]);
    let staff = member
        .staff
        .staff_list_tickets(pb::StaffListTicketsRequest {
            status: Some(TicketStatus::Answered.to_proto()),
            page: 1,
            limit: 10,
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(staff.total, 1);
    member.client.close_ticket(signed(&ann, pb::IdRequest { id: ticket })).await.unwrap();
    let closed = app_error(
        member
            .client
            .post_ticket_message(signed(&ann, pb::TicketMessageRequest { ticket_id: ticket, body: "And?".into() }))
            .await,
    );
    assert_eq!((closed.code, closed.msg_key.as_str()), (ErrorCode::Conflict, "api.ticket.closed"));
});

backend_test!(a_paid_order_through_the_bus_counts_once, &MIGRATIONS, |test_db: TestDb| async move {
    let mut member = support::start(test_db, false).await;
    let ann = member.member("ann@example.com").await;
    let ann_id = member.client.get_info(signed(&ann, pb::Empty {})).await.unwrap().into_inner().id;
    let paid = |order_no: &str, cents: i64| OrderPaid {
        order_no: order_no.into(),
        member_id: Some(ann_id),
        email: "ann@example.com".into(),
        amount_usd_cents: cents,
        currency: "EUR".into(),
        paid_at_ms: 1,
        ..OrderPaid::default()
    };
    // The same event delivered twice, then the same order in a second event.
    let first = Event::new("KS-100", &paid("KS-100", 12_345));
    member.bus.publish(&first).await.unwrap();
    member.bus.publish(&first).await.unwrap();
    member.bus.publish(&Event::new("KS-100", &paid("KS-100", 12_345))).await.unwrap();
    let info = member.client.get_level_info(signed(&ann, pb::IdRequest { id: ann_id })).await.unwrap().into_inner();
    assert_eq!(info.total_consumption_usd_cents, 12_345);
    assert_eq!(info.points, 123, "1 point per whole USD at Bronze");
    assert_eq!(info.level.unwrap().name, "Silver");
    assert_eq!(info.next_level.as_ref().unwrap().name, "Gold");
    assert_eq!(info.amount_to_next_usd_cents, 50_000 - 12_345);

    member.bus.publish(&Event::new("KS-101", &paid("KS-101", 600_000))).await.unwrap();
    let top = member.client.get_level_info(signed(&ann, pb::IdRequest { id: ann_id })).await.unwrap().into_inner();
    assert_eq!(top.level.unwrap().name, "Diamond");
    assert!(top.next_level.is_none());
    assert_eq!(top.amount_to_next_usd_cents, 0);
    assert_eq!(top.points, 123 + 6_000, "points at the level held before the order: Silver, 1 per USD");

    // A refund takes back what its payment added, once; the level follows.
    let refunded = |order_no: &str| OrderRefunded {
        order_no: order_no.into(),
        member_id: Some(ann_id),
        amount_usd_cents: 600_000,
        refunded_at_ms: 2,
    };
    let refund = Event::new("KS-101", &refunded("KS-101"));
    member.bus.publish(&refund).await.unwrap();
    member.bus.publish(&refund).await.unwrap();
    member.bus.publish(&Event::new("KS-101", &refunded("KS-101"))).await.unwrap();
    member.bus.publish(&Event::new("KS-999", &refunded("KS-999"))).await.unwrap();
    let back = member.client.get_level_info(signed(&ann, pb::IdRequest { id: ann_id })).await.unwrap().into_inner();
    assert_eq!((back.total_consumption_usd_cents, back.points), (12_345, 123), "as before KS-101");
    assert_eq!(back.level.unwrap().name, "Silver");
});

backend_test!(points_paid_with_never_go_below_zero_and_come_back_once, &MIGRATIONS, |test_db: TestDb| async move {
    let mut member = support::start(test_db, false).await;
    let ann = member.member("ann@example.com").await;
    let ann_id = member.client.get_info(signed(&ann, pb::Empty {})).await.unwrap().into_inner().id;
    let version = member.staff.staff_get_member(pb::IdRequest { id: ann_id }).await.unwrap().into_inner();
    let version = version.customer.unwrap().version;
    let gift = pb::PointsChange { id: ann_id, delta: 1_000, reason: "Welcome".into(), version };
    member.staff.staff_adjust_points(gift).await.unwrap();
    let order = || {
        let channel =
            member.store.channel_as(keyshop_core::config::ServiceName::Member, keyshop_core::identity::Party::Order);
        async move { pb::member_service_client::MemberServiceClient::new(channel.await) }
    };
    let spend = |order_no: &str, points: i64| pb::SpendPointsRequest { order_no: order_no.into(), points };
    let points = |member: &support::RunningMember| {
        let mut client = member.client.clone();
        let ann = ann.clone();
        async move { client.get_info(signed(&ann, pb::Empty {})).await.unwrap().into_inner().points }
    };

    // Only the order service may spend or return them.
    let refused = member.client.spend_points(signed(&ann, spend("KS20261130000000000001", 10))).await;
    assert_eq!(refused.unwrap_err().code(), tonic::Code::PermissionDenied);
    let refused = member.client.return_points(pb::ReturnPointsRequest { order_no: "KS20261130000000000001".into() });
    assert_eq!(refused.await.unwrap_err().code(), tonic::Code::PermissionDenied);

    // Eight checkouts at once, 300 points each, of 1,000: three are taken.
    let mut spends = tokio::task::JoinSet::new();
    for index in 0..8 {
        let mut client = order().await;
        let request = signed(&ann, spend(&format!("KS20261130{index:012}"), 300));
        spends.spawn(async move { client.spend_points(request).await });
    }
    let mut taken = 0;
    while let Some(answer) = spends.join_next().await {
        match answer.unwrap() {
            Ok(left) => {
                assert!(left.into_inner().points >= 0);
                taken += 1;
            }
            Err(status) => assert_eq!(app_error::<()>(Err(status)).msg_key, "api.order.pointsShort"),
        }
    }
    assert_eq!(taken, 3);
    assert_eq!(points(&member).await, 100, "never below zero");

    // The same order again answers the same; another member's session cannot take them.
    let mut client = order().await;
    let spent = (0..8).map(|index| format!("KS20261130{index:012}"));
    let spent: Vec<String> = {
        let mut found = Vec::new();
        for order_no in spent {
            if client.spend_points(signed(&ann, spend(&order_no, 300))).await.is_ok() {
                found.push(order_no);
            }
        }
        found
    };
    assert_eq!(spent.len(), 3, "a retry of a spend answers it again: {spent:?}");
    assert_eq!(points(&member).await, 100, "and takes nothing more");
    let bob = member.member("bob@example.com").await;
    let foreign = app_error(client.spend_points(signed(&bob, spend(&spent[0], 300))).await);
    assert_eq!(foreign.code, ErrorCode::Conflict);
    let bad = app_error(client.spend_points(signed(&ann, spend("not an order", 10))).await);
    assert_eq!(bad.fields["orderNo"], "api.field.invalid");
    let bad = app_error(client.spend_points(signed(&ann, spend("KS20261130999999999999", 0))).await);
    assert_eq!(bad.fields["points"], "api.field.outOfRange");

    // An order never written gives them back, once.
    let back = || pb::ReturnPointsRequest { order_no: spent[0].clone() };
    client.return_points(back()).await.unwrap();
    client.return_points(back()).await.unwrap();
    assert_eq!(points(&member).await, 400);
    // A cancelled one, once however often its event comes.
    let cancelled =
        OrderCancelled { order_no: spent[1].clone(), member_id: Some(ann_id), points_used: 300, cancelled_at_ms: 1 };
    let event = Event::new(spent[1].clone(), &cancelled);
    member.bus.publish(&event).await.unwrap();
    member.bus.publish(&event).await.unwrap();
    member.bus.publish(&Event::new(spent[1].clone(), &cancelled)).await.unwrap();
    assert_eq!(points(&member).await, 700);
    // Paid after all: taken again.
    let paid = OrderPaid {
        order_no: spent[1].clone(),
        member_id: Some(ann_id),
        amount_usd_cents: 1_000,
        ..OrderPaid::default()
    };
    member.bus.publish(&Event::new(spent[1].clone(), &paid)).await.unwrap();
    assert_eq!(points(&member).await, 700 - 300 + 10, "taken again; 10 earned on 10 dollars");
    // Refunded: its points come back, what it earned goes.
    let refunded = OrderRefunded {
        order_no: spent[1].clone(),
        member_id: Some(ann_id),
        amount_usd_cents: 1_000,
        refunded_at_ms: 3,
    };
    member.bus.publish(&Event::new(spent[1].clone(), &refunded)).await.unwrap();
    assert_eq!(points(&member).await, 700);
});

backend_test!(visits_beyond_an_addresss_limit_are_not_recorded, &MIGRATIONS, |test_db: TestDb| async move {
    let mut member = support::start(test_db, false).await;
    let visit = |ip: &str| pb::SaveVisitRequest {
        to_url: "/games".into(),
        from_url: String::new(),
        site_host: "shop.example".into(),
        client: client_from(ip),
    };
    for _ in 0..130 {
        member.client.save_visit(visit("198.51.100.30")).await.expect("answered as usual");
    }
    member.client.save_visit(visit("198.51.100.31")).await.unwrap();
    let rows: i64 = member
        .test_db
        .db
        .run(|conn| {
            use diesel::prelude::*;
            keyshop_member::store::schema::visits::table
                .count()
                .get_result(conn)
                .map_err(keyshop_core::db::DbError::from)
        })
        .await
        .unwrap();
    assert_eq!(rows, 121, "120 from the busy address, 1 from the other");
});

backend_test!(forms_are_stored_confirmed_by_mail_and_throttled, &MIGRATIONS, |test_db: TestDb| async move {
    let mut member = support::start(test_db, false).await;
    let sale = |confirm: &str| pb::SaleForm {
        name: "Ann".into(),
        email: "ann@example.com".into(),
        confirm_email: confirm.into(),
        region: "EU".into(),
        description: "500 Steam keys".into(),
        client: client_from("198.51.100.50"),
    };
    let mismatch = app_error(member.client.submit_sale_form(sale("other@example.com")).await);
    assert_eq!(mismatch.fields["confirmEmail"], "api.form.emailMismatch");
    assert!(member.mails().is_empty());
    member.client.submit_sale_form(sale("ann@example.com")).await.unwrap();
    let mails = member.wait_for_mails(1).await;
    assert_eq!(mails.len(), 1);
    assert!(mails[0].contains("ann@example.com"));
    let feedback = || pb::FeedbackForm {
        name: "Ann".into(),
        email: "ann@example.com".into(),
        message: "Great store".into(),
        client: client_from("198.51.100.50"),
    };
    // Feedback: one message a minute per address, and only while its switch is on.
    member.client.submit_feedback_form(feedback()).await.unwrap();
    let throttled = app_error(member.client.submit_feedback_form(feedback()).await);
    assert_eq!((throttled.code, throttled.msg_key.as_str()), (ErrorCode::RateLimited, "api.form.tooMany"));
    assert!(throttled.retry_after_seconds.is_some_and(|seconds| seconds <= 60));
    member.catalog.set_setting("feedbackEnabled", "false").await.unwrap();
    let other = || pb::FeedbackForm { client: client_from("198.51.100.51"), ..feedback() };
    let closed = app_error(member.client.submit_feedback_form(other()).await);
    assert_eq!((closed.code, closed.msg_key.as_str()), (ErrorCode::BusinessRule, "api.form.feedbackClosed"));
    member.catalog.set_setting("feedbackEnabled", "true").await.unwrap();
    member.client.submit_feedback_form(other()).await.unwrap();
});

backend_test!(newsletter_double_opt_in_and_unsubscribe, &MIGRATIONS, |test_db: TestDb| async move {
    let mut member = support::start(test_db, false).await;
    member
        .client
        .subscribe_newsletter(pb::SubscribeRequest {
            email: "zoe@example.com".into(),
            client: client_from("198.51.100.9"),
        })
        .await
        .unwrap();
    let mail = member.wait_for_mails(1).await.pop().expect("the confirmation mail");
    let token_after = |kind: &str| {
        let pattern = format!(r"https://shop\.example/newsletter/{kind}#token=([0-9a-f]{{64}})");
        regex::Regex::new(&pattern).unwrap().captures(&mail).unwrap_or_else(|| panic!("{kind} link in {mail}"))[1]
            .to_owned()
    };
    let (confirm, unsubscribe) = (token_after("confirm"), token_after("unsubscribe"));
    assert_eq!(issue_to_everyone(&member, "News").await.total, 0, "not confirmed yet");
    let bad = app_error(member.client.confirm_newsletter(pb::TokenRequest { token: "0".repeat(64) }).await);
    assert_eq!(bad.msg_key, "api.newsletter.linkInvalid");
    member.client.confirm_newsletter(pb::TokenRequest { token: confirm }).await.unwrap();
    assert_eq!(issue_to_everyone(&member, "News").await.sent, 1);
    let issue = member.wait_for_mails(2).await.pop().unwrap();
    assert!(issue.contains(&format!("newsletter/unsubscribe#token={unsubscribe}")), "{issue}");
    assert!(issue.contains("<strong>Deals</strong>") && !issue.contains("<script"), "{issue}");
    member.client.unsubscribe_newsletter(pb::TokenRequest { token: unsubscribe }).await.unwrap();
    assert_eq!(issue_to_everyone(&member, "News").await.total, 0);
});

/// Writes and sends an English issue to everyone confirmed; how it went once
/// nothing is left to send.
async fn issue_to_everyone(member: &support::RunningMember, subject: &str) -> Progress {
    let texts = vec![IssueText {
        language: "en-US".into(),
        subject: subject.into(),
        body: "**Deals**<script>x()</script>".into(),
    }];
    let draft = member.service.save_newsletter(0, 0, texts, Actor::Cli).await.unwrap();
    member.service.start_newsletter(draft.row.id, draft.row.version, Actor::Cli).await.unwrap();
    finished(member, draft.row.id).await
}

/// The progress of issue `id` once it is sent (sending it here too).
async fn finished(member: &support::RunningMember, id: i64) -> Progress {
    for _ in 0..500 {
        member.service.send_newsletter_batch(10).await.unwrap();
        let issue = member.service.staff_newsletter(id).await.unwrap();
        if issue.row.status == IssueStatus::Sent {
            return issue.progress;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("issue {id} never finished");
}

backend_test!(
    a_newsletter_issue_reaches_each_subscriber_once_in_their_language,
    &MIGRATIONS,
    |test_db: TestDb| async move {
        let mut member = support::start(test_db, false).await;
        let mut confirm = Vec::new();
        let people = [
            ("yuki@example.com", "ja", "198.51.100.71"),
            ("hans@example.com", "de", "198.51.100.72"),
            ("ana@example.com", "es", "198.51.100.73"),
        ];
        for (email, language, ip) in people {
            let client = pb::Client { language: language.into(), ..client_from(ip).unwrap() };
            member
                .client
                .subscribe_newsletter(pb::SubscribeRequest { email: email.into(), client: Some(client) })
                .await
                .unwrap();
            let mail = member.wait_for_mails(confirm.len() + 1).await.pop().unwrap();
            let token = confirm_link().captures(&mail).unwrap()[1].to_owned();
            confirm.push(token);
        }
        // Two of the three confirm.
        for token in &confirm[..2] {
            member.client.confirm_newsletter(pb::TokenRequest { token: token.clone() }).await.unwrap();
        }
        let before = member.mails().len();

        // Bad texts: every field named, nothing stored.
        let bad = vec![IssueText { language: "ja".into(), subject: "".into(), body: "本文".into() }];
        let refused = member.service.save_newsletter(0, 0, bad, Actor::Cli).await.unwrap_err();
        assert_eq!(refused.fields["texts"], "api.newsletter.englishRequired");
        assert_eq!(refused.fields["texts[0].subject"], "api.field.required");

        let texts = vec![
            IssueText { language: "en-US".into(), subject: "Spring sale".into(), body: "Half **price**.".into() },
            IssueText { language: "ja".into(), subject: "春のセール".into(), body: "全品**半額**。".into() },
        ];
        let draft = member.service.save_newsletter(0, 0, texts, Actor::Cli).await.unwrap();
        assert_eq!(draft.row.status, IssueStatus::Draft);
        let stale = member.service.start_newsletter(draft.row.id, draft.row.version + 1, Actor::Cli).await.unwrap_err();
        assert_eq!(stale.code, ErrorCode::Conflict);
        member.service.start_newsletter(draft.row.id, draft.row.version, Actor::Cli).await.unwrap();
        let again = member.service.start_newsletter(draft.row.id, draft.row.version + 1, Actor::Cli).await.unwrap_err();
        assert_eq!(again.code, ErrorCode::Conflict, "an issue goes out once");
        let progress = finished(&member, draft.row.id).await;
        assert_eq!((progress.total, progress.sent, progress.waiting), (2, 2, 0));

        let issues: Vec<String> = member.mails()[before..].to_vec();
        assert_eq!(issues.len(), 2, "one copy each");
        let to =
            |address: &str| issues.iter().filter(|mail| mail.contains(&format!("To: {address}"))).collect::<Vec<_>>();
        assert_eq!(to("yuki@example.com").len(), 1);
        assert!(to("yuki@example.com")[0].contains("<strong>半額</strong>"), "{}", to("yuki@example.com")[0]);
        assert_eq!(to("hans@example.com").len(), 1);
        assert!(to("hans@example.com")[0].contains("Half <strong>price</strong>"), "German falls back to English");
        assert!(to("ana@example.com").is_empty(), "not confirmed");
    }
);

backend_test!(a_newsletter_resumes_after_a_stop_without_a_second_copy, &MIGRATIONS, |test_db: TestDb| async move {
    let mut member = support::start(test_db, false).await;
    for (email, ip) in [("one@example.com", "198.51.100.74"), ("two@example.com", "198.51.100.75")] {
        member
            .client
            .subscribe_newsletter(pb::SubscribeRequest { email: email.into(), client: client_from(ip) })
            .await
            .unwrap();
    }
    for mail in member.wait_for_mails(2).await {
        let token = confirm_link().captures(&mail).unwrap()[1].to_owned();
        member.client.confirm_newsletter(pb::TokenRequest { token }).await.unwrap();
    }
    let texts = vec![IssueText { language: "en-US".into(), subject: "Resumed".into(), body: "Text".into() }];
    let draft = member.service.save_newsletter(0, 0, texts, Actor::Cli).await.unwrap();
    // A sender started the issue, claimed the first copy and stopped (its
    // process died) before marking it; the second copy is still pending.
    let id = draft.row.id;
    let version = draft.row.version;
    member
        .service
        .db()
        .write(move |conn| -> Result<(), AppError> {
            assert!(newsletter_issues::start(conn, id, version, 1)?);
            assert_eq!(newsletter_deliveries::enqueue_confirmed(conn, id, 1)?, 2);
            let first = newsletter_deliveries::pending(conn, 1)?.pop().unwrap();
            assert!(newsletter_deliveries::shift(
                conn,
                id,
                first.subscription_id,
                DeliveryState::Pending,
                DeliveryState::Sending,
                1
            )?);
            Ok(())
        })
        .await
        .unwrap();
    let before = member.mails().len();
    let progress = finished(&member, id).await;
    assert_eq!((progress.sent, progress.unknown, progress.waiting), (1, 1, 0), "{progress:?}");
    let copies = member.mails()[before..].iter().filter(|mail| mail.contains("Subject: Resumed")).count();
    assert_eq!(copies, 1, "the claimed copy is never sent again");
});

fn confirm_link() -> regex::Regex {
    regex::Regex::new(r"newsletter/confirm#token=([0-9a-f]{64})").unwrap()
}
