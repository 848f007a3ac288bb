//! The audit log's records: what a member of staff did, to what, from where.
//! The service that makes a change writes the record to its outbox in the
//! same transaction ([`record`]), so a change is never without its record
//! nor a record without its change; the member service keeps them all,
//! append-only, for the owner to search.

use keyshop_proto::events::v1::StaffActionRecorded;

use crate::events::Event;
use crate::identity::{Party, StaffClaim, StaffRole};

crate::vocabulary! {
    /// What a member of staff did.
    pub enum AuditAction: keyshop_proto::common::v1::AuditAction {
        StaffSignIn = "staff.sign_in",
        StaffInvite = "staff.invite",
        StaffEnroll = "staff.enroll",
        RefundApprove = "refund.approve",
        RefundDecline = "refund.decline",
        KeysImport = "keys.import",
        SettingSet = "setting.set",
        CurrencyRateSet = "currency_rate.set",
        StaffRole = "staff.role",
        StaffDisable = "staff.disable",
        StaffEnable = "staff.enable",
        StaffReset = "staff.reset",
        StockThreshold = "stock.threshold",
        OrderResend = "order.resend",
        OrderCancel = "order.cancel",
        OrderNote = "order.note",
        MemberDisable = "member.disable",
        MemberEnable = "member.enable",
        MemberPoints = "member.points",
        CouponCreate = "coupon.create",
        CouponUpdate = "coupon.update",
        KeyReveal = "key.reveal",
        ProductCreate = "product.create",
        ProductUpdate = "product.update",
        ProductState = "product.state",
        ProductImage = "product.image",
        NoticeSend = "notice.send",
        ReviewModerate = "review.moderate",
        NewsSave = "news.save",
        PageSave = "page.save",
        NewsletterSave = "newsletter.save",
        NewsletterSend = "newsletter.send",
        FormReply = "form.reply",
        FormStatus = "form.status",
        PaymentMethodSet = "payment_method.set",
        LevelSave = "level.save",
        TicketReply = "ticket.reply",
        TicketClose = "ticket.close",
        CannedReplySave = "canned_reply.save",
        CannedReplyDelete = "canned_reply.delete",
    }
}

/// The longest summary kept.
const MAX_SUMMARY_CHARS: usize = 500;

/// Who did it: a member of staff through the console, or `keyshop admin` on
/// the server (the owner's bootstrap).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Actor {
    Staff(StaffClaim),
    Cli,
}

impl Actor {
    fn parts(&self) -> (String, String, StaffRole, String) {
        match self {
            Actor::Staff(staff) => (staff.id.clone(), staff.email.clone(), staff.role, staff.ip.clone()),
            Actor::Cli => ("cli".to_owned(), "keyshop admin".to_owned(), StaffRole::Owner, String::new()),
        }
    }
}

/// The event recording that `actor` did `action` to `target` (`summary`:
/// what changed, never a key or a secret), in `service`, at `at_ms`; enqueue
/// it in the change's own transaction.
pub fn record(actor: &Actor, action: AuditAction, target: &str, summary: &str, service: Party, at_ms: i64) -> Event {
    let (staff_id, staff_email, role, ip) = actor.parts();
    let payload = StaffActionRecorded {
        staff_id: staff_id.clone(),
        staff_email,
        role: role.to_proto(),
        action: action.to_proto(),
        target: target.chars().take(200).collect(),
        summary: summary.chars().take(MAX_SUMMARY_CHARS).collect(),
        ip,
        at_ms,
        service: service.as_str().to_owned(),
    };
    Event::new(staff_id, &payload)
}

#[cfg(test)]
mod tests {
    use prost::Message;

    use super::*;

    #[test]
    fn a_record_names_the_member_of_staff_and_is_bounded() {
        let staff = StaffClaim {
            id: "7".into(),
            email: "fin@shop.example".into(),
            role: StaffRole::Finance,
            ip: "192.0.2.4".into(),
        };
        let event = record(&Actor::Staff(staff), AuditAction::RefundApprove, "KS1", &"x".repeat(900), Party::Order, 5);
        assert_eq!((event.topic.as_str(), event.aggregate_key.as_str()), ("keyshop.audit.v1", "7"));
        let recorded = StaffActionRecorded::decode(event.payload.as_slice()).unwrap();
        assert_eq!(recorded.action, AuditAction::RefundApprove.to_proto());
        assert_eq!((recorded.staff_email.as_str(), recorded.ip.as_str()), ("fin@shop.example", "192.0.2.4"));
        assert_eq!(recorded.summary.chars().count(), 500);
        let cli = record(&Actor::Cli, AuditAction::StaffInvite, "owner@shop.example", "owner", Party::Member, 5);
        assert_eq!(StaffActionRecorded::decode(cli.payload.as_slice()).unwrap().staff_id, "cli");
    }
}
