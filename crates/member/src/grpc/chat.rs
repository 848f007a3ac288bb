//! The tonic adapter of live chat. A follower first joins the fan-out, then
//! reads what it missed from the database, then forwards what comes (a line
//! it already sent is skipped by its id): nothing lost, nothing twice. A
//! follower whose client reads too slowly is dropped, never buffered
//! without bound; it resumes from its last line.

use std::pin::Pin;
use std::sync::Arc;

use keyshop_core::audit::Actor;
use keyshop_core::error::AppError;
use keyshop_core::grpc::bearer;
use keyshop_core::identity;
use keyshop_core::shutdown::Shutdown;
use keyshop_proto::member::v1 as pb;
use keyshop_proto::member::v1::chat_event::Kind;
use keyshop_proto::member::v1::chat_service_server::ChatService as ChatApi;
use tokio::sync::{broadcast, mpsc};
use tokio_stream::Stream;
use tokio_stream::wrappers::ReceiverStream;
use tonic::{Request, Response, Status};

use super::convert;
use crate::domain::chat::{ChatAuthor, ChatStatus, ChatStep};
use crate::domain::chat_desk::{self, ImageKind, Presence};
use crate::service::MemberService;
use crate::service::chat::{ChatOpening, Visitor, chat_proto, line_proto};
use crate::service::chat_router::Event;
use crate::store::chats::Inbox;

/// Events a follower's client may be behind by before it is dropped.
const FOLLOW_BUFFER: usize = 256;

pub struct ChatGrpc {
    pub service: Arc<MemberService>,
    /// Ends every follower when the service stops (they resume on another replica).
    pub shutdown: Shutdown,
}

type Answer<T> = Result<Response<T>, Status>;
type Events = Pin<Box<dyn Stream<Item = Result<pb::ChatEvent, Status>> + Send>>;

fn ok<T>(message: T) -> Answer<T> {
    Ok(Response::new(message))
}

impl ChatGrpc {
    /// The shopper of a call: UNAUTHENTICATED without a session or a token.
    async fn visitor<T>(
        &self,
        request: &Request<T>,
        credential: Option<&pb::ChatCredential>,
    ) -> Result<Visitor, Status> {
        let token = credential.map(|credential| credential.chat_token.as_str());
        let visitor = self.service.chat_visitor(bearer(request).as_deref(), token).await?;
        visitor.ok_or_else(|| Status::unauthenticated("a session or a chat token is required"))
    }
}

/// The agent's staff id, from the identity the gateway asserted.
fn agent<T>(request: &Request<T>) -> Result<i64, Status> {
    let staff = identity::staff(request)?;
    staff.id.parse().map_err(|_| Status::permission_denied("a member of staff is required"))
}

fn event(chat_id: i64, kind: Kind) -> pb::ChatEvent {
    pb::ChatEvent { chat_id, kind: Some(kind) }
}

/// What a follower of one conversation is told of an event; `None` to skip.
/// `shopper`: the shopper's side (no notes, not their own typing).
fn for_follower(event: pb::ChatEvent, chat_id: i64, shopper: bool, last_line: &mut i64) -> Option<pb::ChatEvent> {
    if event.chat_id != chat_id {
        return None;
    }
    match &event.kind {
        Some(Kind::Line(line)) => {
            let hidden = shopper && !ChatAuthor::parse(&line.author).is_some_and(ChatAuthor::shown_to_shopper);
            if hidden || line.id <= *last_line {
                return None;
            }
            *last_line = line.id;
        }
        Some(Kind::Typing(side)) if shopper && side == ChatAuthor::Shopper.as_str() => return None,
        Some(Kind::Typing(side)) if !shopper && side == ChatAuthor::Agent.as_str() => return None,
        _ => {}
    }
    Some(event)
}

/// Forwards `events` to `sink` through `pick` until the caller goes, the
/// service stops, or the caller (or the router) falls behind: then an error
/// ends the stream and the caller resumes from the database.
fn forward(
    mut events: broadcast::Receiver<Event>,
    sink: mpsc::Sender<Result<pb::ChatEvent, Status>>,
    mut stop: Shutdown,
    mut pick: impl FnMut(pb::ChatEvent) -> Option<pb::ChatEvent> + Send + 'static,
) {
    tokio::spawn(async move {
        loop {
            let received = tokio::select! {
                () = sink.closed() => return,
                () = stop.wait() => {
                    // The follower resumes on another replica.
                    let _ = sink.try_send(Err(Status::unavailable("api.error.unavailable")));
                    return;
                }
                received = events.recv() => received,
            };
            let event = match received {
                Ok(event) => event,
                Err(broadcast::error::RecvError::Lagged(_) | broadcast::error::RecvError::Closed) => {
                    let _ = sink.try_send(Err(Status::resource_exhausted("api.chat.slow")));
                    return;
                }
            };
            let Some(chosen) = pick(pb::ChatEvent::clone(&event)) else { continue };
            match sink.try_send(Ok(chosen)) {
                Ok(()) => {}
                Err(mpsc::error::TrySendError::Full(_)) => {
                    tracing::debug!("a chat follower fell behind and was dropped");
                    return;
                }
                Err(mpsc::error::TrySendError::Closed(_)) => return,
            }
        }
    });
}

#[tonic::async_trait]
impl ChatApi for ChatGrpc {
    async fn open_chat(&self, request: Request<pb::OpenChatRequest>) -> Answer<pb::OpenedChat> {
        let token = request.get_ref().credential.as_ref().map(|credential| credential.chat_token.clone());
        let visitor = self.service.chat_visitor(bearer(&request).as_deref(), token.as_deref()).await?;
        let request = request.into_inner();
        let opening = ChatOpening {
            name: request.name,
            email: request.email,
            order_no: request.order_no,
            language: request.language,
        };
        let opened = self.service.open_chat(visitor, opening).await?;
        ok(pb::OpenedChat { chat: Some(chat_proto(&opened.chat)), chat_token: opened.token.unwrap_or_default() })
    }

    async fn list_my_chats(&self, request: Request<pb::ChatCredential>) -> Answer<pb::ChatList> {
        let visitor = self.visitor(&request, Some(request.get_ref())).await?;
        let chats = self.service.visitor_chats(&visitor).await?;
        ok(pb::ChatList { chats: chats.iter().map(chat_proto).collect() })
    }

    type FollowChatStream = Events;

    async fn follow_chat(&self, request: Request<pb::FollowChatRequest>) -> Answer<Events> {
        let visitor = self.visitor(&request, request.get_ref().credential.as_ref()).await?;
        let request = request.into_inner();
        // Joined before reading: a line written in between comes both ways and is sent once.
        let events = self.service.chat_events(request.chat_id);
        let (sink, stream) = mpsc::channel(FOLLOW_BUFFER);
        let mut last_line = request.after_id.max(0);
        let (chat, mut lines) = self.service.shopper_lines(&visitor, request.chat_id, last_line).await?;
        let chat_id = chat.id;
        let mut missed = vec![event(chat_id, Kind::Chat(chat_proto(&chat)))];
        while !lines.is_empty() {
            last_line = lines.last().map_or(last_line, |line| line.id);
            missed.extend(lines.iter().map(|line| event(chat_id, Kind::Line(line_proto(line)))));
            lines = self.service.shopper_lines(&visitor, chat_id, last_line).await?.1;
        }
        for missed in missed {
            sink.try_send(Ok(missed)).map_err(|_| Status::resource_exhausted("api.chat.slow"))?;
        }
        if chat.status() != ChatStatus::Closed {
            let stop = self.shutdown.clone();
            forward(events, sink, stop, move |event| for_follower(event, chat_id, true, &mut last_line));
        }
        Ok(Response::new(Box::pin(ReceiverStream::new(stream))))
    }

    async fn write_chat(&self, request: Request<pb::WriteChatRequest>) -> Answer<pb::ChatLine> {
        let visitor = self.visitor(&request, request.get_ref().credential.as_ref()).await?;
        let request = request.into_inner();
        ok(line_proto(&self.service.shopper_write(&visitor, request.chat_id, &request.text).await?))
    }

    async fn read_chat(&self, request: Request<pb::ReadChatRequest>) -> Answer<pb::Empty> {
        let visitor = self.visitor(&request, request.get_ref().credential.as_ref()).await?;
        let request = request.into_inner();
        self.service.shopper_read(&visitor, request.chat_id, request.up_to).await?;
        ok(pb::Empty {})
    }

    async fn shopper_typing(&self, request: Request<pb::ChatRef>) -> Answer<pb::Empty> {
        let visitor = self.visitor(&request, request.get_ref().credential.as_ref()).await?;
        let chat = self.service.visitor_chat(&visitor, request.get_ref().chat_id).await?;
        self.service.chat_typing(chat.id, ChatAuthor::Shopper).await;
        ok(pb::Empty {})
    }

    async fn rate_chat(&self, request: Request<pb::RateChatRequest>) -> Answer<pb::Empty> {
        let visitor = self.visitor(&request, request.get_ref().credential.as_ref()).await?;
        let request = request.into_inner();
        self.service.rate_chat(&visitor, request.chat_id, request.stars).await?;
        ok(pb::Empty {})
    }

    async fn staff_chat_inbox(&self, request: Request<pb::ChatInboxRequest>) -> Answer<pb::ChatPage> {
        let me = agent(&request)?;
        let request = request.into_inner();
        let inbox = match request.inbox.as_str() {
            "waiting" => Inbox::Waiting,
            "mine" => Inbox::Mine(me),
            "all" | "" => Inbox::All,
            _ => return Err(AppError::field("inbox", "api.field.invalid").into()),
        };
        let (rows, total, paging) = self.service.chat_inbox(inbox, request.page, request.limit).await?;
        let (page, limit) = convert::page_numbers(paging);
        ok(pb::ChatPage { rows: rows.iter().map(chat_proto).collect(), total, page, limit })
    }

    type StaffFollowChatsStream = Events;

    async fn staff_follow_chats(&self, request: Request<pb::Empty>) -> Answer<Events> {
        agent(&request)?;
        let (sink, stream) = mpsc::channel(FOLLOW_BUFFER);
        forward(self.service.all_chat_events(), sink, self.shutdown.clone(), |event| {
            let own_typing = matches!(&event.kind, Some(Kind::Typing(side)) if side == ChatAuthor::Agent.as_str());
            (!own_typing).then_some(event)
        });
        Ok(Response::new(Box::pin(ReceiverStream::new(stream))))
    }

    async fn staff_chat_lines(&self, request: Request<pb::ChatLinesRequest>) -> Answer<pb::ChatThread> {
        agent(&request)?;
        let request = request.into_inner();
        let (chat, lines) = self.service.agent_lines(request.chat_id, request.after_id).await?;
        ok(pb::ChatThread { chat: Some(chat_proto(&chat)), lines: lines.iter().map(line_proto).collect() })
    }

    async fn staff_assign_chat(&self, request: Request<pb::AssignChatRequest>) -> Answer<pb::Chat> {
        let me = agent(&request)?;
        let request = request.into_inner();
        let (to, step) =
            if request.staff_id == 0 { (me, ChatStep::Claim) } else { (request.staff_id, ChatStep::Transfer) };
        ok(chat_proto(&self.service.assign_chat(request.chat_id, to, step).await?))
    }

    async fn staff_write_chat(&self, request: Request<pb::StaffWriteChatRequest>) -> Answer<pb::ChatLine> {
        let me = agent(&request)?;
        let request = request.into_inner();
        ok(line_proto(&self.service.agent_write(request.chat_id, me, &request.text, request.note).await?))
    }

    async fn staff_typing(&self, request: Request<pb::ChatRef>) -> Answer<pb::Empty> {
        agent(&request)?;
        self.service.chat_typing(request.get_ref().chat_id, ChatAuthor::Agent).await;
        ok(pb::Empty {})
    }

    async fn staff_close_chat(&self, request: Request<pb::ChatRef>) -> Answer<pb::Chat> {
        agent(&request)?;
        ok(chat_proto(&self.service.close_chat(request.get_ref().chat_id).await?))
    }

    async fn attach_image(&self, request: Request<pb::AttachImageRequest>) -> Answer<pb::ChatLine> {
        let visitor = self.visitor(&request, request.get_ref().credential.as_ref()).await?;
        let request = request.into_inner();
        ok(line_proto(&self.service.attach_image(&visitor, request.chat_id, request.data).await?))
    }

    async fn chat_image(&self, request: Request<pb::ChatImageRequest>) -> Answer<pb::Image> {
        let visitor = self.visitor(&request, request.get_ref().credential.as_ref()).await?;
        let request = request.into_inner();
        // Another shopper's conversation answers NOT_FOUND.
        self.service.visitor_chat(&visitor, request.chat_id).await?;
        image(self.service.chat_image(request.chat_id, request.line_id).await?)
    }

    async fn mail_transcript(&self, request: Request<pb::ChatRef>) -> Answer<pb::Empty> {
        let visitor = self.visitor(&request, request.get_ref().credential.as_ref()).await?;
        self.service.mail_transcript(&visitor, request.get_ref().chat_id).await?;
        ok(pb::Empty {})
    }

    async fn chat_desk(&self, _request: Request<pb::Empty>) -> Answer<pb::DeskStatus> {
        ok(pb::DeskStatus {
            agents_online: self.service.desk_open().await?,
            reply_within_hours: chat_desk::REPLY_WITHIN_HOURS as i32,
        })
    }

    async fn staff_set_presence(&self, request: Request<pb::PresenceRequest>) -> Answer<pb::Empty> {
        let me = agent(&request)?;
        let presence = Presence::parse(&request.get_ref().presence)
            .ok_or_else(|| AppError::field("presence", "api.field.invalid"))?;
        self.service.set_presence(me, presence).await?;
        ok(pb::Empty {})
    }

    async fn staff_chat_figures(&self, request: Request<pb::Empty>) -> Answer<pb::ChatFigures> {
        agent(&request)?;
        let figures = self.service.chat_figures().await?;
        ok(pb::ChatFigures {
            waiting: figures.waiting,
            agents: figures
                .agents
                .into_iter()
                .map(|(staff_id, email, presence, active)| pb::AgentPresence {
                    staff_id,
                    email,
                    presence: presence.as_str().to_owned(),
                    active,
                })
                .collect(),
            first_response_p50_ms: figures.first_response_p50_ms.unwrap_or(0),
            answered: figures.answered,
            per_day: figures.per_day.into_iter().map(|(day, count)| pb::DayCount { day, count }).collect(),
        })
    }

    async fn staff_chat_image(&self, request: Request<pb::ChatImageRequest>) -> Answer<pb::Image> {
        agent(&request)?;
        let request = request.into_inner();
        image(self.service.chat_image(request.chat_id, request.line_id).await?)
    }

    async fn staff_canned_replies(&self, request: Request<pb::Empty>) -> Answer<pb::CannedReplies> {
        agent(&request)?;
        ok(pb::CannedReplies { replies: self.service.canned_replies().await? })
    }

    async fn staff_save_canned_reply(&self, request: Request<pb::CannedReply>) -> Answer<pb::CannedReply> {
        let actor = Actor::Staff(identity::staff(&request)?.clone());
        ok(self.service.save_canned_reply(request.into_inner(), actor).await?)
    }

    async fn staff_delete_canned_reply(&self, request: Request<pb::CannedReplyRef>) -> Answer<pb::Empty> {
        let actor = Actor::Staff(identity::staff(&request)?.clone());
        self.service.delete_canned_reply(request.get_ref().id, actor).await?;
        ok(pb::Empty {})
    }
}

fn image((kind, data): (ImageKind, Vec<u8>)) -> Answer<pb::Image> {
    ok(pb::Image { content_type: kind.content_type().to_owned(), data })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(id: i64, author: &str) -> pb::ChatEvent {
        event(7, Kind::Line(pb::ChatLine { id, chat_id: 7, author: author.to_owned(), ..pb::ChatLine::default() }))
    }

    #[test]
    fn a_shopper_follower_gets_each_line_once_and_never_a_note() {
        let mut last = 3;
        assert!(for_follower(line(3, "agent"), 7, true, &mut last).is_none(), "sent already");
        assert!(for_follower(line(4, "agent"), 7, true, &mut last).is_some());
        assert!(for_follower(line(4, "agent"), 7, true, &mut last).is_none(), "twice");
        assert!(for_follower(line(5, "note"), 7, true, &mut last).is_none(), "staff only");
        assert!(for_follower(line(6, "agent"), 8, true, &mut last).is_none(), "another chat");
        let typing = |side: &str| event(7, Kind::Typing(side.to_owned()));
        assert!(for_follower(typing("shopper"), 7, true, &mut last).is_none(), "their own typing");
        assert!(for_follower(typing("agent"), 7, true, &mut last).is_some());
        assert_eq!(last, 4);
        let mut staff_last = 0;
        assert!(for_follower(line(5, "note"), 7, false, &mut staff_last).is_some(), "staff see notes");
    }
}
