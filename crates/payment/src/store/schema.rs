// The payment service's tables (see migrations/).

diesel::table! {
    payment_methods (code) {
        code -> Text,
        provider -> Text,
        currencies -> Text,
        fee_basis_points -> BigInt,
        fee_fixed_usd -> BigInt,
        sort -> Integer,
        enabled -> Bool,
        version -> BigInt,
    }
}

diesel::table! {
    payment_method_fees (method, currency) {
        method -> Text,
        currency -> Text,
        fee_basis_points -> BigInt,
        fee_fixed_usd -> BigInt,
    }
}

diesel::joinable!(payment_method_fees -> payment_methods (method));

diesel::table! {
    payment_sessions (id) {
        id -> Text,
        order_no -> Text,
        provider -> Text,
        method -> Text,
        amount -> BigInt,
        currency -> Text,
        state -> Text,
        reason -> Text,
        provider_ref -> Text,
        expires_at -> BigInt,
        paid_at -> Nullable<BigInt>,
        created_at -> BigInt,
        updated_at -> BigInt,
        redirect_url -> Text,
        payment_ref -> Text,
    }
}

diesel::table! {
    provider_events (provider, event_id) {
        provider -> Text,
        event_id -> Text,
        session_id -> Text,
        outcome -> Text,
        received_at -> BigInt,
    }
}

diesel::table! {
    refunds (session_id) {
        session_id -> Text,
        order_no -> Text,
        provider -> Text,
        amount -> BigInt,
        currency -> Text,
        provider_ref -> Text,
        created_at -> BigInt,
    }
}

diesel::allow_tables_to_appear_in_same_query!(
    payment_methods,
    payment_method_fees,
    payment_sessions,
    provider_events,
    refunds
);
