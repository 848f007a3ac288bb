//! Live chat through the member service's gRPC: a guest and a member open
//! conversations, an agent takes one (of two agents at once, one gets it),
//! answers and leaves a note; a follower that reconnects with its last line
//! gets what it missed once, live lines as they come, never a note; limits.
//! On SQLite and PostgreSQL.

use std::time::Duration;

use keyshop_core::audit::Actor;
use keyshop_core::config::ServiceName;
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::identity::{StaffClaim, StaffRole};
use keyshop_member::store::MIGRATIONS;
use keyshop_proto::member::v1 as pb;
use keyshop_proto::member::v1::chat_event::Kind;
use keyshop_proto::member::v1::chat_service_client::ChatServiceClient;
use keyshop_testkit::{Signed, TestDb, backend_test};
use tokio_stream::StreamExt;
use tonic::Streaming;

use crate::support::{self, RunningMember, signed};

pub(crate) fn app_error<T: std::fmt::Debug>(result: Result<T, tonic::Status>) -> AppError {
    AppError::from_status(&result.expect_err("the call fails"))
}

/// An agent: a staff account of the member database and a channel as the
/// gateway calls for them.
pub(crate) async fn agent(member: &RunningMember, email: &str) -> (i64, ChatServiceClient<Signed>) {
    let invited = keyshop_member::service::staff::invite(
        member.service.db(),
        "http://shop.example",
        email,
        StaffRole::Support,
        1,
        &Actor::Cli,
    )
    .await
    .unwrap();
    let claim = StaffClaim {
        id: invited.staff_id.to_string(),
        email: email.to_owned(),
        role: StaffRole::Support,
        ip: "192.0.2.7".to_owned(),
    };
    let channel = member.store.staff_channel_for(ServiceName::Member, claim).await;
    (invited.staff_id, ChatServiceClient::new(channel))
}

pub(crate) fn guest(token: &str) -> Option<pb::ChatCredential> {
    Some(pb::ChatCredential { chat_token: token.to_owned() })
}

/// The next event of `stream` that is a line (typing and marks skipped).
async fn next_line(stream: &mut Streaming<pb::ChatEvent>) -> pb::ChatLine {
    loop {
        let event = tokio::time::timeout(Duration::from_secs(10), stream.next())
            .await
            .expect("an event in time")
            .expect("the stream goes on")
            .expect("no error");
        if let Some(Kind::Line(line)) = event.kind {
            return line;
        }
    }
}

backend_test!(
    a_guest_chats_with_an_agent_and_resumes_without_losing_a_line,
    &MIGRATIONS,
    |test_db: TestDb| async move {
        let member = support::start(test_db, false).await;
        let mut shop = ChatServiceClient::new(member.store.channel(ServiceName::Member).await);
        let (ada_id, mut ada) = agent(&member, "ada@shop.example").await;
        let (_, mut bo) = agent(&member, "bo@shop.example").await;

        // A guest names themselves first; bad fields are named.
        let refused = shop
            .open_chat(pb::OpenChatRequest {
                name: " ".into(),
                email: "x@".into(),
                order_no: "a b".into(),
                ..Default::default()
            })
            .await;
        let fields = app_error(refused).fields;
        assert_eq!(
            (fields["name"].as_str(), fields["email"].as_str(), fields["orderNo"].as_str()),
            ("api.field.required", "api.member.emailInvalid", "api.field.invalid")
        );
        let opened = shop
            .open_chat(pb::OpenChatRequest {
                name: "Gus".into(),
                email: "Gus@Example.com".into(),
                language: "de".into(),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        let token = opened.chat_token.clone();
        let chat = opened.chat.unwrap();
        assert_eq!(
            (chat.status.as_str(), chat.email.as_str(), chat.language.as_str()),
            ("waiting", "gus@example.com", "de")
        );
        assert_eq!(token.len(), 64);

        // Without the token, or with another, the conversation is not theirs.
        let follow =
            |after_id: i64, token: &str| pb::FollowChatRequest { credential: guest(token), chat_id: chat.id, after_id };
        assert_eq!(shop.follow_chat(follow(0, "")).await.unwrap_err().code(), tonic::Code::Unauthenticated);
        assert_eq!(shop.follow_chat(follow(0, &"0".repeat(64))).await.unwrap_err().code(), tonic::Code::NotFound);

        let write =
            |text: &str| pb::WriteChatRequest { credential: guest(&token), chat_id: chat.id, text: text.into() };
        let first = shop.write_chat(write("My key does not work")).await.unwrap().into_inner();
        assert_eq!(first.author, "shopper");
        let oversize = app_error(shop.write_chat(write(&"x".repeat(4097))).await);
        assert_eq!(oversize.fields["text"], "api.chat.tooLong");

        // The agents' inbox shows it waiting; two take it at once: one gets it.
        let waiting = ada.staff_chat_inbox(pb::ChatInboxRequest { inbox: "waiting".into(), page: 1, limit: 10 });
        let waiting = waiting.await.unwrap().into_inner();
        assert_eq!((waiting.total, waiting.rows[0].id), (1, chat.id));
        let take = |to: i64| pb::AssignChatRequest { chat_id: chat.id, staff_id: to };
        let (by_ada, by_bo) = tokio::join!(ada.staff_assign_chat(take(0)), bo.staff_assign_chat(take(0)));
        assert!(by_ada.is_ok() ^ by_bo.is_ok(), "one of them: {by_ada:?} {by_bo:?}");
        // Ada has it either way (handed to her when Bo took it first).
        let mine = ada.staff_assign_chat(take(ada_id)).await.unwrap().into_inner();
        assert_eq!((mine.status.as_str(), mine.agent_id), ("active", Some(ada_id)));

        // The guest follows: the missed line first, then Ada's answer live, never her note.
        let mut stream = shop.follow_chat(follow(0, &token)).await.unwrap().into_inner();
        assert_eq!(next_line(&mut stream).await.id, first.id);
        let answer = |text: &str, note: bool| pb::StaffWriteChatRequest { chat_id: chat.id, text: text.into(), note };
        ada.staff_write_chat(answer("Checking the order", true)).await.unwrap();
        let reply = ada.staff_write_chat(answer("I sent you a new key", false)).await.unwrap().into_inner();
        assert_eq!(next_line(&mut stream).await.body, "I sent you a new key");
        drop(stream);

        // Offline, a line comes; back, with the last line it had: that one only.
        let missed = ada.staff_write_chat(answer("Does it work now?", false)).await.unwrap().into_inner();
        let mut stream = shop.follow_chat(follow(reply.id, &token)).await.unwrap().into_inner();
        let resumed = next_line(&mut stream).await;
        assert_eq!((resumed.id, resumed.body.as_str()), (missed.id, "Does it work now?"));
        shop.write_chat(write("Yes, thanks!")).await.unwrap();
        assert_eq!(
            next_line(&mut stream).await.body,
            "Yes, thanks!",
            "its own line comes back: the client keeps order by id"
        );

        // Staff read every line, the note too; the shopper's list has it.
        let thread =
            ada.staff_chat_lines(pb::ChatLinesRequest { chat_id: chat.id, after_id: 0 }).await.unwrap().into_inner();
        let authors: Vec<&str> = thread.lines.iter().map(|line| line.author.as_str()).collect();
        assert_eq!(authors, ["shopper", "note", "agent", "agent", "shopper"]);
        let mine = shop.list_my_chats(pb::ChatCredential { chat_token: token.clone() }).await.unwrap().into_inner();
        assert_eq!(mine.chats.len(), 1);

        // Closed: no more lines, one rating.
        let closed =
            ada.staff_close_chat(pb::ChatRef { credential: None, chat_id: chat.id }).await.unwrap().into_inner();
        assert_eq!(closed.status, "closed");
        assert_eq!(app_error(shop.write_chat(write("One more")).await).code, ErrorCode::Conflict);
        let rate = |stars: i32| pb::RateChatRequest { credential: guest(&token), chat_id: chat.id, stars };
        assert_eq!(app_error(shop.rate_chat(rate(6)).await).fields["stars"], "api.field.stars");
        shop.rate_chat(rate(5)).await.unwrap();
        assert_eq!(app_error(shop.rate_chat(rate(4)).await).code, ErrorCode::Conflict);
    }
);

backend_test!(
    a_member_chats_as_themselves_and_a_visitor_has_three_open_at_most,
    &MIGRATIONS,
    |test_db: TestDb| async move {
        let mut member = support::start(test_db, false).await;
        let ann = member.member("ann@example.com").await;
        let mut shop = ChatServiceClient::new(member.store.channel(ServiceName::Member).await);
        let open = |order_no: &str| pb::OpenChatRequest { order_no: order_no.into(), ..Default::default() };
        let first = shop.open_chat(signed(&ann, open("ks20261125000000001234"))).await.unwrap().into_inner();
        assert!(first.chat_token.is_empty(), "a member needs no token");
        let chat = first.chat.unwrap();
        assert_eq!((chat.email.as_str(), chat.order_no.as_str()), ("ann@example.com", "KS20261125000000001234"));
        shop.open_chat(signed(&ann, open(""))).await.unwrap();
        shop.open_chat(signed(&ann, open(""))).await.unwrap();
        let fourth = app_error(shop.open_chat(signed(&ann, open(""))).await);
        assert_eq!((fourth.code, fourth.msg_key.as_str()), (ErrorCode::RateLimited, "api.chat.tooMany"));
        // Another member does not reach hers.
        let bob = member.member("bob@example.com").await;
        let theirs = pb::WriteChatRequest { credential: None, chat_id: chat.id, text: "hi".into() };
        assert_eq!(shop.write_chat(signed(&bob, theirs)).await.unwrap_err().code(), tonic::Code::NotFound);
        // Agents' methods need a member of staff who answers chat.
        let refused = shop.staff_chat_inbox(pb::ChatInboxRequest::default()).await.unwrap_err();
        assert_eq!(refused.code(), tonic::Code::PermissionDenied);
    }
);
