diesel::table! {
    languages (code) {
        code -> Text,
        native_name -> Text,
        direction -> Text,
        position -> Integer,
        enabled -> Bool,
    }
}

diesel::table! {
    currencies (code) {
        code -> Text,
        symbol -> Text,
        name -> Text,
        rate_micros -> BigInt,
        position -> Integer,
        enabled -> Bool,
        updated_at -> BigInt,
    }
}

diesel::table! {
    settings (key) {
        key -> Text,
        value -> Text,
        public -> Bool,
        updated_at -> BigInt,
    }
}

diesel::table! {
    products (id) {
        id -> BigInt,
        sku -> Text,
        game_name -> Text,
        game_ext_name -> Text,
        title -> Text,
        product_type -> Text,
        platform -> Text,
        region -> Text,
        developer -> Text,
        publisher -> Text,
        release_date -> Text,
        price_usd -> BigInt,
        list_price_usd -> BigInt,
        per_order_limit -> Integer,
        preorder -> Bool,
        stock_available -> BigInt,
        stock_status -> Text,
        stock_version -> BigInt,
        sold_count -> BigInt,
        view_count -> BigInt,
        rating_sum -> BigInt,
        rating_count -> BigInt,
        screenshot_count -> Integer,
        palette -> Integer,
        requirements -> Nullable<Text>,
        created_at -> BigInt,
        updated_at -> BigInt,
        state -> Text,
        version -> BigInt,
    }
}

diesel::table! {
    product_images (product_id, slot) {
        product_id -> BigInt,
        slot -> Integer,
        stem -> Text,
    }
}

diesel::table! {
    product_genres (product_id, genre) {
        product_id -> BigInt,
        genre -> Text,
    }
}

diesel::table! {
    product_languages (product_id, language) {
        product_id -> BigInt,
        language -> Text,
    }
}

diesel::table! {
    product_tags (product_id, tag) {
        product_id -> BigInt,
        tag -> Text,
    }
}

diesel::table! {
    product_texts (product_id, language) {
        product_id -> BigInt,
        language -> Text,
        description -> Text,
        activation_guide -> Text,
        title -> Text,
    }
}

diesel::table! {
    reviews (id) {
        id -> BigInt,
        product_id -> BigInt,
        full_name -> Text,
        email -> Text,
        content -> Text,
        stars -> Integer,
        visitor_hash -> Text,
        created_at -> BigInt,
        hidden -> Bool,
        staff_reply -> Text,
        verified -> Bool,
        version -> BigInt,
    }
}

diesel::table! {
    buyers (email_hash, sku) {
        email_hash -> Text,
        sku -> Text,
    }
}

diesel::table! {
    news (id) {
        id -> BigInt,
        published_at -> BigInt,
        click_count -> BigInt,
        palette -> Integer,
        author -> Text,
        cover_image -> Text,
        published -> Bool,
        version -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    news_texts (news_id, language) {
        news_id -> BigInt,
        language -> Text,
        title -> Text,
        summary -> Text,
        body -> Text,
    }
}

diesel::table! {
    news_clicks (news_id, visitor_hash, day) {
        news_id -> BigInt,
        visitor_hash -> Text,
        day -> BigInt,
    }
}

diesel::table! {
    pages (slug, language) {
        slug -> Text,
        language -> Text,
        title -> Text,
        body -> Text,
        updated_at -> BigInt,
        version -> BigInt,
    }
}

diesel::joinable!(product_genres -> products (product_id));
diesel::joinable!(product_languages -> products (product_id));
diesel::joinable!(product_tags -> products (product_id));
diesel::joinable!(product_texts -> products (product_id));
diesel::joinable!(product_images -> products (product_id));
diesel::joinable!(reviews -> products (product_id));
diesel::joinable!(news_texts -> news (news_id));
diesel::joinable!(news_clicks -> news (news_id));

diesel::allow_tables_to_appear_in_same_query!(
    products,
    product_genres,
    product_languages,
    product_tags,
    product_texts,
    product_images,
    reviews,
    news,
    news_texts,
    news_clicks,
    pages,
);
