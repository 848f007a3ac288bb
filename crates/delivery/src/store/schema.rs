// The delivery service's tables (see migrations/).

diesel::table! {
    product_keys (id) {
        id -> BigInt,
        sku -> Text,
        master_key_id -> Integer,
        nonce -> Binary,
        ciphertext -> Binary,
        fingerprint -> Binary,
        note -> Text,
        status -> Text,
        order_no -> Nullable<Text>,
        line_no -> Nullable<BigInt>,
        imported_at -> BigInt,
        sold_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    stock (sku) {
        sku -> Text,
        available -> BigInt,
        reserved -> BigInt,
        sold -> BigInt,
        low_threshold -> BigInt,
        threshold_version -> BigInt,
    }
}

diesel::table! {
    reservations (order_no) {
        order_no -> Text,
        state -> Text,
        expires_at -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
        email -> Text,
    }
}

diesel::table! {
    reservation_lines (order_no, line_no) {
        order_no -> Text,
        line_no -> BigInt,
        sku -> Text,
        quantity -> BigInt,
    }
}

diesel::table! {
    reveals (id) {
        id -> BigInt,
        order_no -> Text,
        at -> BigInt,
        actor -> Text,
        ip -> Text,
        browser -> Text,
        os -> Text,
    }
}

diesel::allow_tables_to_appear_in_same_query!(
    product_keys,
    stock,
    reservations,
    reservation_lines,
    reveals,
    deliveries,
    delivery_lines
);

diesel::table! {
    deliveries (order_no) {
        order_no -> Text,
        email -> Text,
        language -> Text,
        state -> Text,
        attempts -> BigInt,
        next_attempt_at -> BigInt,
        last_error -> Text,
        sent_at -> Nullable<BigInt>,
        resent_at -> Nullable<BigInt>,
        created_at -> BigInt,
        updated_at -> BigInt,
        billing_address -> Text,
    }
}

diesel::table! {
    delivery_lines (order_no, line_no) {
        order_no -> Text,
        line_no -> BigInt,
        title -> Text,
        platform -> Text,
        game_name -> Text,
        game_ext_name -> Text,
    }
}
