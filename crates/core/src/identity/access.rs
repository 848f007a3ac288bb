//! Who may do what: the staff roles' permissions and every guarded gRPC
//! method's access, in one place. The console shows what a role's
//! permissions allow, the gateway checks them before it calls, and each
//! service checks them again on its own port ([`super::layer`]).

use super::Party;
use crate::code_enum;

crate::vocabulary! {
    /// A member of staff's role.
    pub enum StaffRole: keyshop_proto::common::v1::StaffRole {
        /// Everything, staff management and the audit log included.
        Owner = "owner",
        /// The catalog, the content and the key stock.
        Manager = "manager",
        /// Orders (read, resend the e-mail, notes), tickets and chat, members (read).
        Support = "support",
        /// Refund decisions, coupons, payments.
        Finance = "finance",
    }
}

code_enum! {
    /// Something a member of staff may be allowed to do.
    pub enum Permission {
        /// The dashboard's figures.
        DashboardRead = "dashboard.read",
        /// Search and read orders, with their timelines.
        OrdersRead = "orders.read",
        /// Resend an order's key e-mail.
        OrdersResend = "orders.resend",
        /// Cancel an unpaid order, add a staff note.
        OrdersManage = "orders.manage",
        /// Approve or decline a refund request.
        RefundsDecide = "refunds.decide",
        /// Read payments.
        PaymentsRead = "payments.read",
        /// Switch payment methods on and off, set their currencies and fees.
        PaymentsManage = "payments.manage",
        /// Create, edit and disable coupons.
        CouponsManage = "coupons.manage",
        /// The key stock per product, its thresholds.
        KeysRead = "keys.read",
        /// Import keys, set low-stock thresholds.
        KeysImport = "keys.import",
        /// Show a sold key unmasked (with a reason, audited).
        KeysReveal = "keys.reveal",
        /// Search and read members.
        MembersRead = "members.read",
        /// Disable and enable members, adjust their points.
        MembersManage = "members.manage",
        /// Read and answer support tickets.
        TicketsAnswer = "tickets.answer",
        /// Answer live chat.
        ChatAnswer = "chat.answer",
        /// Read and answer the sale, wholesale, affiliate and feedback forms.
        FormsAnswer = "forms.answer",
        /// Products and their images.
        CatalogManage = "catalog.manage",
        /// News, pages, site settings, currencies, notices, the newsletter.
        ContentManage = "content.manage",
        /// Invite staff, change roles, reset 2FA, disable.
        StaffManage = "staff.manage",
        /// Search the audit log.
        AuditRead = "audit.read",
    }
}

impl StaffRole {
    /// The permissions of the role: the one table.
    pub fn permissions(self) -> &'static [Permission] {
        use Permission::*;
        match self {
            StaffRole::Owner => Permission::ALL,
            StaffRole::Manager => &[DashboardRead, KeysRead, KeysImport, CatalogManage, ContentManage, FormsAnswer],
            StaffRole::Support => &[
                DashboardRead,
                OrdersRead,
                OrdersResend,
                OrdersManage,
                MembersRead,
                TicketsAnswer,
                ChatAnswer,
                FormsAnswer,
            ],
            StaffRole::Finance => {
                &[DashboardRead, OrdersRead, OrdersManage, RefundsDecide, PaymentsRead, PaymentsManage, CouponsManage]
            }
        }
    }

    pub fn may(self, permission: Permission) -> bool {
        self.permissions().contains(&permission)
    }
}

/// Who may call a gRPC method.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Any part of the store (the gateway or a service): the default.
    AnyParty,
    /// Only these parties: a step of the store's own flows.
    Parties(&'static [Party]),
    /// A member of staff whose role has the permission, asserted by the gateway.
    Staff(Permission),
}

/// Every method guarded beyond [`Access::AnyParty`], by its gRPC path.
#[rustfmt::skip]
pub const GUARDED: &[(&str, Access)] = &[
    // Catalog: what staff set.
    ("/keyshop.catalog.v1.CatalogService/SetCurrencyRate", Access::Staff(Permission::ContentManage)),
    ("/keyshop.catalog.v1.CatalogService/SetSetting", Access::Staff(Permission::ContentManage)),
    ("/keyshop.catalog.v1.CatalogService/StaffListProducts", Access::Staff(Permission::CatalogManage)),
    ("/keyshop.catalog.v1.CatalogService/StaffGetProduct", Access::Staff(Permission::CatalogManage)),
    ("/keyshop.catalog.v1.CatalogService/StaffSaveProduct", Access::Staff(Permission::CatalogManage)),
    ("/keyshop.catalog.v1.CatalogService/StaffSetProductState", Access::Staff(Permission::CatalogManage)),
    ("/keyshop.catalog.v1.CatalogService/StaffUploadImage", Access::Staff(Permission::CatalogManage)),
    ("/keyshop.catalog.v1.CatalogService/StaffRemoveImage", Access::Staff(Permission::CatalogManage)),
    ("/keyshop.catalog.v1.CatalogService/StaffListReviews", Access::Staff(Permission::ContentManage)),
    ("/keyshop.catalog.v1.CatalogService/StaffModerateReview", Access::Staff(Permission::ContentManage)),
    ("/keyshop.catalog.v1.CatalogService/StaffListNews", Access::Staff(Permission::ContentManage)),
    ("/keyshop.catalog.v1.CatalogService/StaffGetNews", Access::Staff(Permission::ContentManage)),
    ("/keyshop.catalog.v1.CatalogService/StaffSaveNews", Access::Staff(Permission::ContentManage)),
    ("/keyshop.catalog.v1.CatalogService/StaffSetNewsCover", Access::Staff(Permission::ContentManage)),
    ("/keyshop.catalog.v1.CatalogService/StaffListPages", Access::Staff(Permission::ContentManage)),
    ("/keyshop.catalog.v1.CatalogService/StaffGetPage", Access::Staff(Permission::ContentManage)),
    ("/keyshop.catalog.v1.CatalogService/StaffSavePage", Access::Staff(Permission::ContentManage)),
    // Member: staff operations.
    ("/keyshop.member.v1.MemberService/SendNotice", Access::Staff(Permission::ContentManage)),
    ("/keyshop.member.v1.MemberService/StaffListNewsletters", Access::Staff(Permission::ContentManage)),
    ("/keyshop.member.v1.MemberService/StaffGetNewsletter", Access::Staff(Permission::ContentManage)),
    ("/keyshop.member.v1.MemberService/StaffSaveNewsletter", Access::Staff(Permission::ContentManage)),
    ("/keyshop.member.v1.MemberService/StaffSendNewsletter", Access::Staff(Permission::ContentManage)),
    ("/keyshop.payment.v1.PaymentService/StaffListMethods", Access::Staff(Permission::PaymentsRead)),
    ("/keyshop.payment.v1.PaymentService/StaffSaveMethod", Access::Staff(Permission::PaymentsManage)),
    ("/keyshop.member.v1.MemberService/StaffListLevels", Access::Staff(Permission::ContentManage)),
    ("/keyshop.member.v1.MemberService/StaffSaveLevels", Access::Staff(Permission::ContentManage)),
    ("/keyshop.member.v1.MemberService/StaffListForms", Access::Staff(Permission::FormsAnswer)),
    ("/keyshop.member.v1.MemberService/StaffGetForm", Access::Staff(Permission::FormsAnswer)),
    ("/keyshop.member.v1.MemberService/StaffReplyForm", Access::Staff(Permission::FormsAnswer)),
    ("/keyshop.member.v1.MemberService/StaffSetFormStatus", Access::Staff(Permission::FormsAnswer)),
    ("/keyshop.member.v1.MemberService/StaffListTickets", Access::Staff(Permission::TicketsAnswer)),
    ("/keyshop.member.v1.MemberService/StaffGetTicket", Access::Staff(Permission::TicketsAnswer)),
    ("/keyshop.member.v1.MemberService/StaffReplyTicket", Access::Staff(Permission::TicketsAnswer)),
    ("/keyshop.member.v1.MemberService/StaffCloseTicket", Access::Staff(Permission::TicketsAnswer)),
    ("/keyshop.member.v1.MemberService/SetMemberDisabled", Access::Staff(Permission::MembersManage)),
    ("/keyshop.member.v1.MemberService/StaffSupportFigures", Access::Staff(Permission::DashboardRead)),
    ("/keyshop.member.v1.MemberService/StaffSearchMembers", Access::Staff(Permission::MembersRead)),
    ("/keyshop.member.v1.MemberService/StaffGetMember", Access::Staff(Permission::MembersRead)),
    ("/keyshop.member.v1.MemberService/StaffSetMemberState", Access::Staff(Permission::MembersManage)),
    ("/keyshop.member.v1.MemberService/StaffAdjustPoints", Access::Staff(Permission::MembersManage)),
    // Member: the staff module. Sign-in and sessions come through the gateway
    // only; invitations from an owner.
    ("/keyshop.member.v1.StaffService/StartEnrollment", Access::Parties(&[Party::Gateway])),
    ("/keyshop.member.v1.StaffService/FinishEnrollment", Access::Parties(&[Party::Gateway])),
    ("/keyshop.member.v1.StaffService/SignIn", Access::Parties(&[Party::Gateway])),
    ("/keyshop.member.v1.StaffService/Authenticate", Access::Parties(&[Party::Gateway])),
    ("/keyshop.member.v1.StaffService/SignOut", Access::Parties(&[Party::Gateway])),
    ("/keyshop.member.v1.StaffService/ListSessions", Access::Parties(&[Party::Gateway])),
    ("/keyshop.member.v1.StaffService/RevokeSession", Access::Parties(&[Party::Gateway])),
    ("/keyshop.member.v1.StaffService/Invite", Access::Staff(Permission::StaffManage)),
    ("/keyshop.member.v1.StaffService/ListAudit", Access::Staff(Permission::AuditRead)),
    ("/keyshop.member.v1.StaffService/ListStaff", Access::Staff(Permission::StaffManage)),
    ("/keyshop.member.v1.StaffService/UpdateStaff", Access::Staff(Permission::StaffManage)),
    ("/keyshop.member.v1.StaffService/ResetStaff", Access::Staff(Permission::StaffManage)),
    // Member: live chat's agent side.
    ("/keyshop.member.v1.ChatService/StaffChatInbox", Access::Staff(Permission::ChatAnswer)),
    ("/keyshop.member.v1.ChatService/StaffFollowChats", Access::Staff(Permission::ChatAnswer)),
    ("/keyshop.member.v1.ChatService/StaffChatLines", Access::Staff(Permission::ChatAnswer)),
    ("/keyshop.member.v1.ChatService/StaffAssignChat", Access::Staff(Permission::ChatAnswer)),
    ("/keyshop.member.v1.ChatService/StaffWriteChat", Access::Staff(Permission::ChatAnswer)),
    ("/keyshop.member.v1.ChatService/StaffTyping", Access::Staff(Permission::ChatAnswer)),
    ("/keyshop.member.v1.ChatService/StaffCloseChat", Access::Staff(Permission::ChatAnswer)),
    ("/keyshop.member.v1.ChatService/StaffSetPresence", Access::Staff(Permission::ChatAnswer)),
    ("/keyshop.member.v1.ChatService/StaffChatFigures", Access::Staff(Permission::ChatAnswer)),
    ("/keyshop.member.v1.ChatService/StaffChatImage", Access::Staff(Permission::ChatAnswer)),
    ("/keyshop.member.v1.ChatService/StaffCannedReplies", Access::Staff(Permission::ChatAnswer)),
    ("/keyshop.member.v1.ChatService/StaffSaveCannedReply", Access::Staff(Permission::ChatAnswer)),
    ("/keyshop.member.v1.ChatService/StaffDeleteCannedReply", Access::Staff(Permission::ChatAnswer)),
    // Member: points are paid with in the order service's checkout.
    ("/keyshop.member.v1.MemberService/SpendPoints", Access::Parties(&[Party::Order])),
    ("/keyshop.member.v1.MemberService/ReturnPoints", Access::Parties(&[Party::Order])),
    // Delivery: keys move only in the order's steps, and staff import them.
    ("/keyshop.delivery.v1.DeliveryService/ImportKeys", Access::Staff(Permission::KeysImport)),
    ("/keyshop.delivery.v1.DeliveryService/StaffListStock", Access::Staff(Permission::KeysRead)),
    ("/keyshop.delivery.v1.DeliveryService/StaffLowStock", Access::Staff(Permission::DashboardRead)),
    ("/keyshop.delivery.v1.DeliveryService/SetStockThreshold", Access::Staff(Permission::KeysImport)),
    ("/keyshop.delivery.v1.DeliveryService/StaffListKeys", Access::Staff(Permission::KeysRead)),
    ("/keyshop.delivery.v1.DeliveryService/StaffRevealKey", Access::Staff(Permission::KeysReveal)),
    ("/keyshop.delivery.v1.DeliveryService/Reserve", Access::Parties(&[Party::Order])),
    ("/keyshop.delivery.v1.DeliveryService/Release", Access::Parties(&[Party::Order])),
    ("/keyshop.delivery.v1.DeliveryService/Allocate", Access::Parties(&[Party::Order])),
    ("/keyshop.delivery.v1.DeliveryService/RevealKeys", Access::Parties(&[Party::Order])),
    ("/keyshop.delivery.v1.DeliveryService/ListReveals", Access::Parties(&[Party::Order])),
    ("/keyshop.delivery.v1.DeliveryService/ResendEmail", Access::Parties(&[Party::Order])),
    ("/keyshop.delivery.v1.DeliveryService/GetDeliveryRecord", Access::Parties(&[Party::Order])),
    // Order: refunds are decided by staff; mail links are made for delivery's e-mails.
    ("/keyshop.order.v1.OrderService/DecideRefund", Access::Staff(Permission::RefundsDecide)),
    ("/keyshop.order.v1.OrderService/StaffListRefunds", Access::Staff(Permission::OrdersRead)),
    ("/keyshop.order.v1.OrderService/StaffSearchOrders", Access::Staff(Permission::OrdersRead)),
    ("/keyshop.order.v1.OrderService/StaffGetOrder", Access::Staff(Permission::OrdersRead)),
    ("/keyshop.order.v1.OrderService/StaffDashboard", Access::Staff(Permission::DashboardRead)),
    ("/keyshop.order.v1.OrderService/StaffCancelOrder", Access::Staff(Permission::OrdersManage)),
    ("/keyshop.order.v1.OrderService/StaffResendEmail", Access::Staff(Permission::OrdersResend)),
    ("/keyshop.order.v1.OrderService/StaffAddNote", Access::Staff(Permission::OrdersManage)),
    ("/keyshop.order.v1.OrderService/StaffListCoupons", Access::Staff(Permission::CouponsManage)),
    ("/keyshop.order.v1.OrderService/StaffSaveCoupon", Access::Staff(Permission::CouponsManage)),
    ("/keyshop.order.v1.OrderService/IssueMailLink", Access::Parties(&[Party::Delivery])),
    // Payment: sessions are opened and refunded by the order service; webhooks
    // and the sandbox's card form come through the gateway.
    ("/keyshop.payment.v1.PaymentService/OpenSession", Access::Parties(&[Party::Order])),
    ("/keyshop.payment.v1.PaymentService/RefundPayment", Access::Parties(&[Party::Order])),
    ("/keyshop.payment.v1.PaymentService/ListOrderPayments", Access::Parties(&[Party::Order])),
    ("/keyshop.payment.v1.PaymentService/ReceiveWebhook", Access::Parties(&[Party::Gateway])),
    ("/keyshop.payment.v1.PaymentService/SandboxCharge", Access::Parties(&[Party::Gateway])),
];

/// Who may call the method at `path`.
pub fn access_of(path: &str) -> Access {
    GUARDED.iter().find(|(guarded, _)| *guarded == path).map_or(Access::AnyParty, |(_, access)| *access)
}

/// Why a verified caller may not call a method.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// A staff method called without a member of staff.
    NotStaff,
    /// The staff member's role lacks the permission.
    Missing(Permission),
    /// A step of the store's flows called by another party.
    WrongParty,
}

/// Whether `party`, acting for `role` (a member of staff, if any), may call
/// a method with `access`.
pub fn check(access: Access, party: Party, role: Option<StaffRole>) -> Result<(), Refusal> {
    match access {
        Access::AnyParty => Ok(()),
        Access::Parties(parties) if parties.contains(&party) => Ok(()),
        Access::Parties(_) => Err(Refusal::WrongParty),
        Access::Staff(permission) => match role {
            // Staff assertions are honoured from the gateway only.
            Some(role) if party == Party::Gateway && role.may(permission) => Ok(()),
            Some(_) if party == Party::Gateway => Err(Refusal::Missing(permission)),
            _ => Err(Refusal::NotStaff),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_owner_may_everything_and_each_role_its_area() {
        for permission in Permission::ALL {
            assert!(StaffRole::Owner.may(*permission));
        }
        assert!(StaffRole::Finance.may(Permission::RefundsDecide));
        assert!(!StaffRole::Support.may(Permission::RefundsDecide));
        assert!(StaffRole::Support.may(Permission::OrdersResend));
        assert!(!StaffRole::Manager.may(Permission::OrdersRead));
        assert!(StaffRole::Manager.may(Permission::CatalogManage));
        for role in [StaffRole::Manager, StaffRole::Support, StaffRole::Finance] {
            assert!(!role.may(Permission::StaffManage) && !role.may(Permission::AuditRead));
            assert!(!role.may(Permission::KeysReveal));
        }
    }

    #[test]
    fn staff_methods_need_the_permission_through_the_gateway() {
        let decide = access_of("/keyshop.order.v1.OrderService/DecideRefund");
        assert_eq!(check(decide, Party::Gateway, Some(StaffRole::Finance)), Ok(()));
        assert_eq!(
            check(decide, Party::Gateway, Some(StaffRole::Support)),
            Err(Refusal::Missing(Permission::RefundsDecide))
        );
        assert_eq!(check(decide, Party::Gateway, None), Err(Refusal::NotStaff));
        // A service cannot speak for staff.
        assert_eq!(check(decide, Party::Delivery, Some(StaffRole::Owner)), Err(Refusal::NotStaff));
    }

    #[test]
    fn internal_steps_take_only_their_caller_and_the_rest_any_party() {
        let reveal = access_of("/keyshop.delivery.v1.DeliveryService/RevealKeys");
        assert_eq!(check(reveal, Party::Order, None), Ok(()));
        assert_eq!(check(reveal, Party::Gateway, Some(StaffRole::Owner)), Err(Refusal::WrongParty));
        assert_eq!(access_of("/keyshop.catalog.v1.CatalogService/GetProduct"), Access::AnyParty);
    }

    #[test]
    fn every_guarded_path_is_named_once() {
        let mut paths: Vec<&str> = GUARDED.iter().map(|(path, _)| *path).collect();
        paths.sort_unstable();
        let count = paths.len();
        paths.dedup();
        assert_eq!(paths.len(), count);
    }
}
