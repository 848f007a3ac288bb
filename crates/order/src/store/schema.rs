// The order service's tables (see migrations/).

diesel::table! {
    coupons (code) {
        code -> Text,
        kind -> Text,
        amount -> BigInt,
        min_goods_usd -> BigInt,
        starts_at -> BigInt,
        ends_at -> Nullable<BigInt>,
        usage_limit -> Nullable<BigInt>,
        used -> BigInt,
        per_buyer_limit -> Nullable<BigInt>,
        created_at -> BigInt,
        disabled -> Bool,
        product_ids -> Text,
        product_types -> Text,
        fixed_amounts -> Text,
        version -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    orders (order_no) {
        order_no -> Text,
        member_id -> BigInt,
        email -> Text,
        contact -> Text,
        note -> Text,
        language -> Text,
        currency -> Text,
        rate_micros -> BigInt,
        goods -> BigInt,
        member_discount -> BigInt,
        coupon_code -> Nullable<Text>,
        coupon_discount -> BigInt,
        payment_method -> Text,
        payment_fee -> BigInt,
        adjustment -> BigInt,
        service_charge -> BigInt,
        freight -> BigInt,
        real_amount -> BigInt,
        real_amount_usd -> BigInt,
        state -> Text,
        link_token_hash -> Text,
        idempotency_key -> Nullable<Text>,
        expires_at -> BigInt,
        paid_at -> Nullable<BigInt>,
        delivered_at -> Nullable<BigInt>,
        completed_at -> Nullable<BigInt>,
        deleted_at -> Nullable<BigInt>,
        created_at -> BigInt,
        updated_at -> BigInt,
        mail_token_hash -> Nullable<Text>,
        payment_session_id -> Text,
        mail_token_expires_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    order_lines (order_no, line_no) {
        order_no -> Text,
        line_no -> BigInt,
        product_id -> BigInt,
        sku -> Text,
        title -> Text,
        platform -> Text,
        image -> Text,
        game_name -> Text,
        game_ext_name -> Text,
        unit_price_usd -> BigInt,
        unit_price -> BigInt,
        quantity -> BigInt,
    }
}

diesel::table! {
    order_history (id) {
        id -> BigInt,
        order_no -> Text,
        state -> Text,
        note -> Text,
        at -> BigInt,
    }
}

diesel::table! {
    order_staff_notes (id) {
        id -> BigInt,
        order_no -> Text,
        staff_email -> Text,
        note -> Text,
        at -> BigInt,
    }
}

diesel::table! {
    coupon_uses (coupon_code, order_no) {
        coupon_code -> Text,
        buyer -> Text,
        order_no -> Text,
    }
}

diesel::table! {
    cart_lines (owner, product_id) {
        owner -> Text,
        product_id -> BigInt,
        quantity -> BigInt,
        sku -> Text,
        title -> Text,
        platform -> Text,
        game_name -> Text,
        game_ext_name -> Text,
        price_usd -> BigInt,
        added_at -> BigInt,
        updated_at -> BigInt,
        product_type -> Text,
        region -> Text,
    }
}

diesel::joinable!(order_lines -> orders (order_no));
diesel::joinable!(order_history -> orders (order_no));
diesel::joinable!(order_staff_notes -> orders (order_no));
diesel::joinable!(order_billing_addresses -> orders (order_no));
diesel::joinable!(order_points -> orders (order_no));
diesel::allow_tables_to_appear_in_same_query!(
    cart_lines,
    coupons,
    orders,
    order_lines,
    order_history,
    order_staff_notes,
    coupon_uses,
    order_billing_addresses,
    order_points
);

diesel::table! {
    order_points (order_no) {
        order_no -> Text,
        points_used -> BigInt,
        points_discount -> BigInt,
    }
}

diesel::table! {
    order_billing_addresses (order_no) {
        order_no -> Text,
        first_name -> Text,
        last_name -> Text,
        phone -> Text,
        address -> Text,
        city -> Text,
        province -> Text,
        zip -> Text,
        country -> Text,
    }
}
