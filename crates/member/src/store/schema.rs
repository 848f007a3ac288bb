// The member service's tables (see migrations/).

diesel::table! {
    levels (id) {
        id -> BigInt,
        name -> Text,
        threshold_usd_cents -> BigInt,
        discount_percent -> Integer,
        points_per_usd -> Integer,
        exchange_rate -> Integer,
    }
}

diesel::table! {
    members (id) {
        id -> BigInt,
        email -> Text,
        full_name -> Text,
        password_hash -> Text,
        country -> Text,
        phone -> Text,
        zip -> Text,
        address -> Text,
        discord -> Text,
        telegram -> Text,
        whatsapp -> Text,
        newsletter -> Bool,
        language -> Text,
        disabled -> Bool,
        total_consumption_usd_cents -> BigInt,
        points -> BigInt,
        level_id -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
        staff_version -> BigInt,
    }
}

diesel::table! {
    points_adjustments (id) {
        id -> BigInt,
        member_id -> BigInt,
        delta -> BigInt,
        reason -> Text,
        staff_email -> Text,
        at -> BigInt,
    }
}

diesel::table! {
    sessions (id) {
        id -> BigInt,
        member_id -> BigInt,
        token_hash -> Text,
        created_at -> BigInt,
        expires_at -> BigInt,
        revoked_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    login_history (id) {
        id -> BigInt,
        member_id -> BigInt,
        at -> BigInt,
        ip -> Text,
        os -> Text,
        device -> Text,
        browser -> Text,
        success -> Bool,
    }
}

diesel::table! {
    password_resets (id) {
        id -> BigInt,
        member_id -> BigInt,
        code_hash -> Text,
        code_expires_at -> BigInt,
        attempts -> Integer,
        reset_token_hash -> Nullable<Text>,
        reset_expires_at -> Nullable<BigInt>,
        used_at -> Nullable<BigInt>,
        created_at -> BigInt,
    }
}

diesel::table! {
    visits (id) {
        id -> BigInt,
        member_id -> Nullable<BigInt>,
        member_name -> Text,
        to_url -> Text,
        from_url -> Text,
        external -> Bool,
        ip -> Text,
        user_agent -> Text,
        at -> BigInt,
    }
}

diesel::table! {
    addresses (id) {
        id -> BigInt,
        member_id -> BigInt,
        first_name -> Text,
        last_name -> Text,
        phone -> Text,
        address -> Text,
        city -> Text,
        province -> Text,
        zip -> Text,
        country -> Text,
        is_default -> Bool,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    wishlist (member_id, product_id) {
        member_id -> BigInt,
        product_id -> BigInt,
        added_at -> BigInt,
    }
}

diesel::table! {
    notices (id) {
        id -> BigInt,
        member_id -> Nullable<BigInt>,
        title -> Text,
        content -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    notice_texts (notice_id, language) {
        notice_id -> BigInt,
        language -> Text,
        title -> Text,
        content -> Text,
    }
}

diesel::table! {
    notice_reads (notice_id, member_id) {
        notice_id -> BigInt,
        member_id -> BigInt,
        read_at -> BigInt,
    }
}

diesel::table! {
    consumptions (order_no) {
        order_no -> Text,
        member_id -> BigInt,
        amount_usd_cents -> BigInt,
        points -> BigInt,
        at -> BigInt,
        refunded_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    chats (id) {
        id -> BigInt,
        visitor_hash -> Text,
        member_id -> Nullable<BigInt>,
        name -> Text,
        email -> Text,
        order_no -> Text,
        language -> Text,
        status -> Text,
        agent_id -> Nullable<BigInt>,
        rating -> Nullable<Integer>,
        shopper_read -> BigInt,
        agent_read -> BigInt,
        first_response_at -> Nullable<BigInt>,
        created_at -> BigInt,
        updated_at -> BigInt,
        closed_at -> Nullable<BigInt>,
        ticket_id -> Nullable<BigInt>,
        by_email -> Bool,
        transcript_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    chat_messages (id) {
        id -> BigInt,
        chat_id -> BigInt,
        author -> Text,
        staff_id -> Nullable<BigInt>,
        body -> Text,
        created_at -> BigInt,
        attachment -> Nullable<Text>,
    }
}

diesel::table! {
    chat_agents (staff_id) {
        staff_id -> BigInt,
        presence -> Text,
        seen_at -> BigInt,
    }
}

diesel::table! {
    canned_replies (id) {
        id -> BigInt,
        language -> Text,
        shortcut -> Text,
        body -> Text,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::joinable!(chat_messages -> chats (chat_id));

diesel::table! {
    point_spends (order_no) {
        order_no -> Text,
        member_id -> BigInt,
        points -> BigInt,
        spent_at -> BigInt,
        returned_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    form_submissions (id) {
        id -> BigInt,
        kind -> Text,
        email -> Text,
        fields -> Text,
        ip -> Text,
        language -> Text,
        created_at -> BigInt,
        status -> Text,
        version -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    form_replies (id) {
        id -> BigInt,
        submission_id -> BigInt,
        staff_email -> Text,
        body -> Text,
        created_at -> BigInt,
    }
}

diesel::joinable!(form_replies -> form_submissions (submission_id));

diesel::table! {
    newsletter_subscriptions (id) {
        id -> BigInt,
        email -> Text,
        status -> Text,
        confirm_token_hash -> Nullable<Text>,
        confirm_expires_at -> Nullable<BigInt>,
        unsubscribe_token -> Text,
        language -> Text,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    tickets (id) {
        id -> BigInt,
        member_id -> BigInt,
        subject -> Text,
        status -> Text,
        order_no -> Text,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    ticket_messages (id) {
        id -> BigInt,
        ticket_id -> BigInt,
        author -> Text,
        body -> Text,
        created_at -> BigInt,
    }
}

diesel::joinable!(members -> levels (level_id));
diesel::joinable!(sessions -> members (member_id));
diesel::joinable!(notice_reads -> notices (notice_id));
diesel::joinable!(notice_texts -> notices (notice_id));
diesel::joinable!(ticket_messages -> tickets (ticket_id));

diesel::table! {
    staff (id) {
        id -> BigInt,
        email -> Text,
        role -> Text,
        state -> Text,
        password_hash -> Text,
        totp_secret -> Text,
        totp_last_step -> BigInt,
        version -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    staff_enrollments (token_hash) {
        token_hash -> Text,
        staff_id -> BigInt,
        totp_secret -> Text,
        expires_at -> BigInt,
        used_at -> Nullable<BigInt>,
        created_at -> BigInt,
    }
}

diesel::table! {
    staff_recovery_codes (staff_id, code_hash) {
        staff_id -> BigInt,
        code_hash -> Text,
        used_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    staff_sessions (id) {
        id -> BigInt,
        staff_id -> BigInt,
        token_hash -> Text,
        created_at -> BigInt,
        last_seen_at -> BigInt,
        expires_at -> BigInt,
        ip -> Text,
        user_agent -> Text,
        revoked_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    staff_audit (id) {
        id -> BigInt,
        event_id -> Text,
        at -> BigInt,
        staff_id -> Text,
        staff_email -> Text,
        role -> Text,
        action -> Text,
        target -> Text,
        summary -> Text,
        ip -> Text,
        service -> Text,
    }
}

diesel::joinable!(staff_enrollments -> staff (staff_id));
diesel::joinable!(staff_recovery_codes -> staff (staff_id));
diesel::joinable!(staff_sessions -> staff (staff_id));

diesel::table! {
    newsletter_issues (id) {
        id -> BigInt,
        status -> Text,
        created_by -> Text,
        created_at -> BigInt,
        updated_at -> BigInt,
        started_at -> Nullable<BigInt>,
        finished_at -> Nullable<BigInt>,
        version -> BigInt,
    }
}

diesel::table! {
    newsletter_issue_texts (issue_id, language) {
        issue_id -> BigInt,
        language -> Text,
        subject -> Text,
        body -> Text,
    }
}

diesel::table! {
    newsletter_deliveries (issue_id, subscription_id) {
        issue_id -> BigInt,
        subscription_id -> BigInt,
        state -> Text,
        updated_at -> BigInt,
    }
}

diesel::joinable!(newsletter_issue_texts -> newsletter_issues (issue_id));
diesel::joinable!(newsletter_deliveries -> newsletter_issues (issue_id));
diesel::joinable!(newsletter_deliveries -> newsletter_subscriptions (subscription_id));

diesel::allow_tables_to_appear_in_same_query!(
    levels,
    members,
    sessions,
    login_history,
    password_resets,
    visits,
    addresses,
    wishlist,
    notices,
    notice_texts,
    notice_reads,
    consumptions,
    chats,
    chat_messages,
    chat_agents,
    canned_replies,
    point_spends,
    form_submissions,
    form_replies,
    newsletter_subscriptions,
    newsletter_issues,
    newsletter_issue_texts,
    newsletter_deliveries,
    tickets,
    ticket_messages,
    staff,
    staff_enrollments,
    staff_recovery_codes,
    staff_sessions,
    staff_audit,
    points_adjustments,
);
