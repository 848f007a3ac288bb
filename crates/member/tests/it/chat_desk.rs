//! The support desk around live chat, through the member service's gRPC:
//! agents' presence and automatic assignment (the least busy online agent;
//! none to an agent away), what a message becomes with nobody at the desk
//! (a member's conversation a ticket, a guest's answered by e-mail), canned
//! replies, image attachments, the e-mailed transcript and the figures.
//! On SQLite and PostgreSQL.

use keyshop_core::config::ServiceName;
use keyshop_core::error::ErrorCode;
use keyshop_member::store::MIGRATIONS;
use keyshop_proto::member::v1 as pb;
use keyshop_proto::member::v1::chat_service_client::ChatServiceClient;
use keyshop_testkit::{Signed, TestDb, backend_test};

use crate::chat::{agent, app_error, guest};
use crate::support::{self, signed};

async fn open_guest(shop: &mut ChatServiceClient<Signed>, name: &str) -> (pb::Chat, String) {
    let call = pb::OpenChatRequest {
        name: name.into(),
        email: format!("{}@example.com", name.to_lowercase()),
        language: "en-US".into(),
        ..Default::default()
    };
    let opened = shop.open_chat(call).await.unwrap().into_inner();
    (opened.chat.unwrap(), opened.chat_token)
}

async fn presence(agent: &mut ChatServiceClient<Signed>, presence: &str) {
    agent.staff_set_presence(pb::PresenceRequest { presence: presence.into() }).await.unwrap();
}

async fn chat_of(agent: &mut ChatServiceClient<Signed>, id: i64) -> pb::Chat {
    agent.staff_chat_lines(pb::ChatLinesRequest { chat_id: id, after_id: 0 }).await.unwrap().into_inner().chat.unwrap()
}

backend_test!(
    waiting_chats_go_to_online_agents_and_with_nobody_there_a_message_becomes_a_ticket_or_an_e_mail,
    &MIGRATIONS,
    |test_db: TestDb| async move {
        let mut member = support::start(test_db, false).await;
        let mut shop = ChatServiceClient::new(member.store.channel(ServiceName::Member).await);
        let (ada_id, mut ada) = agent(&member, "ada@shop.example").await;
        let (bo_id, mut bo) = agent(&member, "bo@shop.example").await;
        let desk = shop.chat_desk(pb::Empty {}).await.unwrap().into_inner();
        assert!(!desk.agents_online);
        assert_eq!(desk.reply_within_hours, 24);

        // Nobody at the desk: a member's first message becomes a ticket, the chat ends.
        let ann = member.member("ann@example.com").await;
        let open = pb::OpenChatRequest { order_no: "KS20261125000000001234".into(), ..Default::default() };
        let chat = shop.open_chat(signed(&ann, open)).await.unwrap().into_inner().chat.unwrap();
        let write = pb::WriteChatRequest { credential: None, chat_id: chat.id, text: "My key fails\nerror 12".into() };
        shop.write_chat(signed(&ann, write)).await.unwrap();
        let chat = chat_of(&mut ada, chat.id).await;
        assert_eq!(chat.status, "closed");
        assert!(chat.ticket_id > 0);
        let tickets =
            member.client.list_tickets(signed(&ann, pb::PageRequest { page: 1, limit: 10, ..Default::default() }));
        let tickets = tickets.await.unwrap().into_inner();
        assert_eq!(tickets.rows[0].id, chat.ticket_id);
        assert_eq!(
            (tickets.rows[0].subject.as_str(), tickets.rows[0].order_no.as_str()),
            ("My key fails", "KS20261125000000001234")
        );
        let thread = member.client.get_ticket(signed(&ann, pb::IdRequest { id: chat.ticket_id })).await.unwrap();
        assert_eq!(thread.into_inner().messages[0].body, "My key fails\nerror 12");

        // A guest's stays, answered by e-mail: an agent's answer is mailed to them.
        let (left, token) = open_guest(&mut shop, "Gus").await;
        let write = pb::WriteChatRequest { credential: guest(&token), chat_id: left.id, text: "Hello?".into() };
        shop.write_chat(write).await.unwrap();
        let left = chat_of(&mut ada, left.id).await;
        assert_eq!((left.status.as_str(), left.by_email), ("waiting", true));
        let before = member.mails().len();
        let answer = pb::StaffWriteChatRequest { chat_id: left.id, text: "We are here now".into(), note: false };
        ada.staff_write_chat(answer).await.unwrap();
        let mails = member.wait_for_mails(before + 1).await;
        assert!(mails.iter().any(|mail| mail.contains("gus@example.com") && mail.contains("We are here now")));
        ada.staff_close_chat(pb::ChatRef { credential: None, chat_id: left.id }).await.unwrap();

        // Ada online: a waiting chat is hers at once; Bo online: the next goes to Bo (less busy).
        let (first, _) = open_guest(&mut shop, "Cy").await;
        assert_eq!(first.status, "waiting");
        presence(&mut ada, "online").await;
        assert_eq!(chat_of(&mut ada, first.id).await.agent_id, Some(ada_id));
        assert!(shop.chat_desk(pb::Empty {}).await.unwrap().into_inner().agents_online);
        presence(&mut bo, "online").await;
        let (second, _) = open_guest(&mut shop, "Di").await;
        assert_eq!((second.status.as_str(), second.agent_id), ("active", Some(bo_id)));
        // Away: given nothing new, and a message still waits for an agent (nobody online takes it).
        presence(&mut bo, "away").await;
        presence(&mut ada, "away").await;
        let (third, third_token) = open_guest(&mut shop, "Ed").await;
        assert_eq!(third.status, "waiting");
        let write = pb::WriteChatRequest { credential: guest(&third_token), chat_id: third.id, text: "Hi".into() };
        shop.write_chat(write).await.unwrap();
        assert!(!chat_of(&mut ada, third.id).await.by_email, "agents are connected: it waits");
        // Back online, Ada gets it (she has one, Bo one: the lower id among equals).
        presence(&mut ada, "online").await;
        assert_eq!(chat_of(&mut ada, third.id).await.agent_id, Some(ada_id.min(bo_id)));

        let figures = ada.staff_chat_figures(pb::Empty {}).await.unwrap().into_inner();
        assert_eq!(figures.waiting, 0);
        assert_eq!(figures.per_day.len(), 7);
        assert_eq!(figures.per_day.last().unwrap().count, 5, "five chats today");
        assert_eq!(figures.answered, 1, "Gus's was answered");
        assert!(figures.first_response_p50_ms >= 0);
        let online: Vec<(&str, &str)> =
            figures.agents.iter().map(|agent| (agent.email.as_str(), agent.presence.as_str())).collect();
        assert!(online.contains(&("ada@shop.example", "online")) && online.contains(&("bo@shop.example", "away")));
        assert_eq!(
            app_error(ada.staff_set_presence(pb::PresenceRequest { presence: "busy".into() }).await).fields["presence"],
            "api.field.invalid"
        );
        // Shoppers' methods are not the desk's.
        let refused = shop.staff_set_presence(pb::PresenceRequest { presence: "online".into() }).await.unwrap_err();
        assert_eq!(refused.code(), tonic::Code::PermissionDenied);
    }
);

backend_test!(
    canned_replies_have_one_shortcut_per_language_and_images_and_transcripts_reach_their_shopper_only,
    &MIGRATIONS,
    |test_db: TestDb| async move {
        let member = support::start(test_db, false).await;
        let mut shop = ChatServiceClient::new(member.store.channel(ServiceName::Member).await);
        let (_, mut ada) = agent(&member, "ada@shop.example").await;

        let reply = |id: i64, language: &str, shortcut: &str, body: &str| pb::CannedReply {
            id,
            language: language.into(),
            shortcut: shortcut.into(),
            body: body.into(),
        };
        let hello = ada.staff_save_canned_reply(reply(0, "en-US", "/Hello", "Hello! How can I help?")).await.unwrap();
        let hello = hello.into_inner();
        assert_eq!(hello.shortcut, "hello");
        ada.staff_save_canned_reply(reply(0, "ja", "hello", "こんにちは")).await.unwrap();
        let taken = app_error(ada.staff_save_canned_reply(reply(0, "en-US", "hello", "Hi")).await);
        assert_eq!((taken.code, taken.msg_key.as_str()), (ErrorCode::Conflict, "api.chat.shortcutTaken"));
        let fields = app_error(ada.staff_save_canned_reply(reply(0, "xx", "a b", "")).await).fields;
        assert_eq!(fields.len(), 3);
        ada.staff_save_canned_reply(reply(hello.id, "en-US", "hello", "Hi there!")).await.unwrap();
        assert_eq!(app_error(ada.staff_save_canned_reply(reply(999, "de", "x", "y")).await).code, ErrorCode::NotFound);
        let all = ada.staff_canned_replies(pb::Empty {}).await.unwrap().into_inner().replies;
        let listed: Vec<(&str, &str)> =
            all.iter().map(|reply| (reply.language.as_str(), reply.body.as_str())).collect();
        assert_eq!(listed, [("en-US", "Hi there!"), ("ja", "こんにちは")]);
        ada.staff_delete_canned_reply(pb::CannedReplyRef { id: hello.id }).await.unwrap();
        let gone = app_error(ada.staff_delete_canned_reply(pb::CannedReplyRef { id: hello.id }).await);
        assert_eq!(gone.code, ErrorCode::NotFound);

        // An image: checked by its bytes, read back by its shopper and staff only.
        let (chat, token) = open_guest(&mut shop, "Gus").await;
        let (_, other) = open_guest(&mut shop, "Zed").await;
        let png = b"\x89PNG\r\n\x1a\n fake but shaped".to_vec();
        let attach =
            |token: &str, data: Vec<u8>| pb::AttachImageRequest { credential: guest(token), chat_id: chat.id, data };
        let svg = app_error(shop.attach_image(attach(&token, b"<svg onload=alert(1)>".to_vec())).await);
        assert_eq!(svg.fields["file"], "api.chat.imageType");
        assert_eq!(shop.attach_image(attach(&other, png.clone())).await.unwrap_err().code(), tonic::Code::NotFound);
        let line = shop.attach_image(attach(&token, png.clone())).await.unwrap().into_inner();
        assert_eq!((line.author.as_str(), line.image_type.as_str()), ("shopper", "image/png"));
        let read = |token: &str| pb::ChatImageRequest { credential: guest(token), chat_id: chat.id, line_id: line.id };
        let image = shop.chat_image(read(&token)).await.unwrap().into_inner();
        assert_eq!((image.content_type.as_str(), image.data), ("image/png", png.clone()));
        assert_eq!(shop.chat_image(read(&other)).await.unwrap_err().code(), tonic::Code::NotFound);
        let staff_read = ada.staff_chat_image(read("")).await.unwrap().into_inner();
        assert_eq!(staff_read.data, png);

        // The transcript: e-mailed once, then not again for ten minutes.
        let answer = pb::StaffWriteChatRequest { chat_id: chat.id, text: "Got your screenshot".into(), note: false };
        ada.staff_write_chat(answer).await.unwrap();
        let note = pb::StaffWriteChatRequest { chat_id: chat.id, text: "internal: VIP".into(), note: true };
        ada.staff_write_chat(note).await.unwrap();
        let before = member.mails().len();
        shop.mail_transcript(pb::ChatRef { credential: guest(&token), chat_id: chat.id }).await.unwrap();
        let mails = member.wait_for_mails(before + 1).await;
        let transcript = mails.iter().find(|mail| mail.contains("Got your screenshot")).expect("the transcript");
        assert!(transcript.contains("gus@example.com") && !transcript.contains("internal: VIP"));
        let again = app_error(shop.mail_transcript(pb::ChatRef { credential: guest(&token), chat_id: chat.id }).await);
        assert_eq!((again.code, again.msg_key.as_str()), (ErrorCode::RateLimited, "api.chat.transcriptSent"));
        let theirs = shop.mail_transcript(pb::ChatRef { credential: guest(&other), chat_id: chat.id }).await;
        assert_eq!(theirs.unwrap_err().code(), tonic::Code::NotFound);
    }
);
