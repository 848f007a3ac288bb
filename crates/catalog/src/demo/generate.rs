//! Generates the demo catalog from the content and a seed: invented titles on
//! every platform, type and region, realistic prices and discounts, texts in
//! all eighteen languages, stock, reviews and news. Pure: same seed, same catalog.

use std::collections::{BTreeMap, HashSet};

use keyshop_core::vocab::{Genre, Language, Platform, ProductType, Region};

use super::content::{Content, LanguageTexts};
use crate::domain::product::{RequirementSet, Requirements, slugify};
use crate::domain::rng::Rng;
use crate::store::products::NewProduct;

const DAY_MS: i64 = 86_400_000;
const PC_PLATFORMS: [Platform; 8] = [
    Platform::Steam,
    Platform::Epic,
    Platform::Gog,
    Platform::EaApp,
    Platform::UbisoftConnect,
    Platform::BattleNet,
    Platform::MicrosoftStore,
    Platform::Rockstar,
];
const CONSOLES: [Platform; 3] = [Platform::Xbox, Platform::Playstation, Platform::Nintendo];
const GAME_PRICES: [i64; 10] = [499, 999, 1499, 1999, 2499, 2999, 3999, 4999, 5999, 6999];
const CARD_AMOUNTS: [i64; 4] = [10, 20, 50, 100];

/// A product and how many keys the demo store holds for it.
#[derive(Debug, Clone)]
pub struct DemoProduct {
    pub product: NewProduct,
    pub keys: i64,
}

#[derive(Debug, Clone)]
pub struct DemoReview {
    /// Index into the product list.
    pub product: usize,
    pub full_name: String,
    pub email: String,
    pub content: String,
    pub stars: i64,
    pub days_ago: i64,
}

/// A date `days` from `today_ms` as YYYY-MM-DD.
fn date(today_ms: i64, days: i64) -> String {
    let moment = time::OffsetDateTime::from_unix_timestamp((today_ms / 1000) + days * 86_400)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    let day = moment.date();
    format!("{:04}-{:02}-{:02}", day.year(), u8::from(day.month()), day.day())
}

fn fill(template: &str, values: &[(&str, &str)]) -> String {
    values.iter().fold(template.to_owned(), |text, (name, value)| text.replace(&format!("{{{name}}}"), value))
}

struct Generator<'a> {
    content: &'a Content,
    rng: Rng,
    now_ms: i64,
    titles: HashSet<String>,
    products: Vec<DemoProduct>,
}

/// What describes a base title before it is put on platforms.
struct Title {
    title: String,
    product_type: ProductType,
    genres: Vec<Genre>,
    developer: String,
    publisher: String,
    release_days: i64,
    base_price: i64,
    base: String,
    amount: String,
    screenshots: i32,
}

impl<'a> Generator<'a> {
    fn pick(&mut self, items: &'a [String]) -> &'a str {
        self.rng.pick(items).as_str()
    }

    fn unique_title(&mut self) -> String {
        for _ in 0..50 {
            let adjective = self.pick(&self.content.words.adjectives);
            let noun = self.pick(&self.content.words.nouns);
            let candidate = match self.rng.below(6) {
                0 => format!("{noun} of {}", self.pick(&self.content.words.places)),
                1 => format!("{adjective} {noun} {}", self.rng.pick(&["II", "III", "Zero", "Reborn"])),
                2 => format!("The {adjective} {noun}"),
                3 => format!("{noun}: {}", self.pick(&self.content.words.subtitles)),
                _ => format!("{adjective} {noun}"),
            };
            if self.titles.insert(candidate.to_lowercase()) {
                return candidate;
            }
        }
        let fallback = format!("{} {}", self.pick(&self.content.words.nouns), self.titles.len());
        self.titles.insert(fallback.to_lowercase());
        fallback
    }

    fn genres(&mut self) -> Vec<Genre> {
        let mut genres: Vec<Genre> = Vec::new();
        for _ in 0..self.rng.range(1, 3) {
            let genre = *self.rng.pick(Genre::ALL);
            if !genres.contains(&genre) {
                genres.push(genre);
            }
        }
        genres
    }

    fn discount_price(&mut self, list_price: i64) -> i64 {
        let percent = match self.rng.below(100) {
            0..=34 => 0,
            35..=59 => self.rng.range(10, 30),
            60..=84 => self.rng.range(31, 55),
            _ => self.rng.range(56, 85),
        };
        // Round to a price ending in 9.
        let price = list_price * (100 - percent) / 100;
        (price / 100 * 100 + 99).min(list_price).max(99)
    }

    fn requirements(&mut self) -> Requirements {
        let memory = *self.rng.pick(&[4, 8, 16]);
        let storage = self.rng.range(2, 120);
        let set = |os: &str, cpu: &str, memory: i64, graphics: &str, storage: i64| RequirementSet {
            os: os.to_owned(),
            cpu: cpu.to_owned(),
            memory: format!("{memory} GB RAM"),
            graphics: graphics.to_owned(),
            storage: format!("{storage} GB available space"),
        };
        Requirements {
            minimum: set("Windows 10 64-bit", "Quad-core 2.8 GHz", memory, "2 GB VRAM, DirectX 11", storage),
            recommended: set("Windows 11 64-bit", "Six-core 3.6 GHz", memory * 2, "6 GB VRAM, DirectX 12", storage),
        }
    }

    /// The product's description and activation guide in every language.
    /// English, German, French, Japanese and Spanish each draw their own
    /// template, as the demo has always done (so the same seed still gives
    /// the same catalog: prices, stock and texts); the other languages use
    /// the translation of the English one (the templates of every language
    /// are parallel translations).
    fn texts(&mut self, title: &Title, platform: Platform, region: Region) -> Vec<(String, String, String)> {
        const DRAWN: [&str; 5] = ["en-US", "de", "fr", "ja", "es"];
        let mut choices: BTreeMap<&str, usize> = BTreeMap::new();
        for language in DRAWN {
            let count = self
                .content
                .texts
                .get(language)
                .and_then(|catalog| catalog.description.get(title.product_type.as_str()))
                .map_or(0, Vec::len);
            if count > 0 {
                choices.insert(language, self.rng.below(count as u64) as usize);
            }
        }
        let english = choices.get(keyshop_core::i18n::DEFAULT).copied().unwrap_or(0);
        let mut texts = Vec::new();
        for (language, catalog) in &self.content.texts {
            let genre =
                title.genres.first().and_then(|genre| catalog.genre.get(genre.as_str())).cloned().unwrap_or_default();
            let region_text = region_phrase(catalog, region);
            let choice = choices.get(language.as_str()).copied().unwrap_or(english);
            let template = catalog.description.get(title.product_type.as_str()).and_then(|list| list.get(choice));
            let Some(template) = template else { continue };
            let description = fill(
                template,
                &[
                    ("title", &title.title),
                    ("developer", &title.developer),
                    ("publisher", &title.publisher),
                    ("genre", &genre),
                    ("platform", platform.display_name()),
                    ("region", &region_text),
                    ("base", &title.base),
                    ("amount", &title.amount),
                ],
            );
            let guide = catalog.activation.get(platform.as_str()).cloned().unwrap_or_default();
            texts.push((language.clone(), description, guide));
        }
        texts
    }

    fn languages(&mut self) -> Vec<Language> {
        let mut languages = vec![Language::EnUs];
        for language in Language::ALL {
            if *language != Language::EnUs && self.rng.chance(45) {
                languages.push(*language);
            }
        }
        languages
    }

    fn tags(&mut self, genres: &[Genre]) -> Vec<String> {
        let mut tags: Vec<String> = Vec::new();
        for genre in genres {
            if let Some(options) = self.content.words.tags.get(genre.as_str()) {
                for _ in 0..2 {
                    if options.is_empty() {
                        break;
                    }
                    let tag = self.rng.pick(options).clone();
                    if !tags.contains(&tag) {
                        tags.push(tag);
                    }
                }
            }
        }
        tags
    }

    fn keys(&mut self, preorder: bool) -> i64 {
        if preorder {
            return self.rng.range(20, 200);
        }
        match self.rng.below(100) {
            0..=7 => 0,
            8..=19 => self.rng.range(1, 5),
            _ => self.rng.range(6, 400),
        }
    }

    /// Puts `title` on `platform` in `region`.
    fn offer(&mut self, title: &Title, platform: Platform, region: Region, price_factor: i64) {
        let preorder = title.release_days > 0;
        let list_price = (title.base_price * price_factor / 100 / 100 * 100 + 99).max(99);
        let price = if preorder { list_price - list_price / 10 } else { self.discount_price(list_price) };
        let is_pc = PC_PLATFORMS.contains(&platform);
        let requirements =
            (is_pc && matches!(title.product_type, ProductType::Game | ProductType::Dlc)).then(|| self.requirements());
        let product = NewProduct {
            sku: format!("KS-{:05}", self.products.len() + 1),
            game_name: slugify(&title.title),
            game_ext_name: format!("{platform}-{region}"),
            title: title.title.clone(),
            product_type: title.product_type,
            platform,
            region,
            developer: title.developer.clone(),
            publisher: title.publisher.clone(),
            release_date: date(self.now_ms, title.release_days),
            price_usd: price,
            list_price_usd: list_price,
            per_order_limit: *self.rng.pick(&[1, 2, 3, 5, 5, 10, 10, 10]),
            preorder,
            sold_count: if preorder { self.rng.range(0, 300) } else { self.rng.range(0, 6000) },
            view_count: self.rng.range(0, 25_000),
            screenshot_count: title.screenshots,
            palette: self.rng.range(0, 15) as i32,
            requirements,
            genres: title.genres.clone(),
            languages: self.languages(),
            tags: self.tags(&title.genres),
            texts: self.texts(title, platform, region),
        };
        let keys = self.keys(preorder);
        self.products.push(DemoProduct { product, keys });
    }

    fn regions(&mut self) -> Vec<(Region, i64)> {
        // (region, price factor %): regional keys are cheaper.
        let mut regions = vec![(Region::Global, 100)];
        if self.rng.chance(35) {
            let (region, factor) = *self.rng.pick(&[
                (Region::Europe, 95),
                (Region::NorthAmerica, 100),
                (Region::LatinAmerica, 70),
                (Region::Asia, 80),
                (Region::UnitedKingdom, 95),
                (Region::Germany, 95),
                (Region::Turkey, 60),
                (Region::Japan, 90),
                (Region::Brazil, 65),
            ]);
            regions.push((region, factor));
        }
        regions
    }

    fn game(&mut self) -> Title {
        let release_days = if self.rng.chance(6) { self.rng.range(10, 200) } else { -self.rng.range(5, 3500) };
        Title {
            title: self.unique_title(),
            product_type: ProductType::Game,
            genres: self.genres(),
            developer: self.pick(&self.content.words.studios).to_owned(),
            publisher: self.pick(&self.content.words.publishers).to_owned(),
            release_days,
            base_price: *self.rng.pick(&GAME_PRICES),
            base: String::new(),
            amount: String::new(),
            screenshots: self.rng.range(4, 6) as i32,
        }
    }

    fn generate_games(&mut self, count: usize) -> Vec<(Title, Vec<Platform>)> {
        let mut games = Vec::new();
        for _ in 0..count {
            let title = self.game();
            let mut platforms: Vec<Platform> = vec![*self.rng.pick(&PC_PLATFORMS)];
            if self.rng.chance(45) {
                platforms.push(*self.rng.pick(&CONSOLES));
            }
            if self.rng.chance(20) {
                let other = *self.rng.pick(&CONSOLES);
                if !platforms.contains(&other) {
                    platforms.push(other);
                }
            }
            for platform in &platforms {
                for (region, factor) in self.regions() {
                    self.offer(&title, *platform, region, factor);
                }
            }
            games.push((title, platforms));
        }
        games
    }

    fn extras(&mut self, games: &[(Title, Vec<Platform>)]) {
        for (game, platforms) in games.iter().step_by(4) {
            let subtitle = self.pick(&self.content.words.subtitles).to_owned();
            let dlc = Title {
                title: format!("{}: {subtitle}", game.title),
                product_type: ProductType::Dlc,
                genres: game.genres.clone(),
                developer: game.developer.clone(),
                publisher: game.publisher.clone(),
                release_days: game.release_days.max(-3000) + self.rng.range(30, 300).min(-game.release_days.min(0)),
                base_price: *self.rng.pick(&[499, 999, 1499, 1999]),
                base: game.title.clone(),
                amount: String::new(),
                screenshots: 3,
            };
            if self.titles.insert(dlc.title.to_lowercase()) {
                self.offer(&dlc, platforms[0], Region::Global, 100);
            }
        }
        for (game, platforms) in games
            .iter()
            .filter(|(game, _)| {
                game.genres.iter().any(|genre| matches!(genre, Genre::Mmo | Genre::Shooter | Genre::Sports))
            })
            .take(16)
        {
            let size = *self.rng.pick(&[500, 1000, 2800, 5000]);
            let currency = self.pick(&self.content.words.currencies).to_owned();
            let pack = Title {
                title: format!("{} {size} {currency}", game.title),
                product_type: ProductType::InGameCurrency,
                genres: game.genres.clone(),
                developer: game.developer.clone(),
                publisher: game.publisher.clone(),
                release_days: -self.rng.range(5, 400),
                base_price: (size / 100 * 100).max(499),
                base: game.title.clone(),
                amount: format!("{size} {currency}"),
                screenshots: 1,
            };
            if self.titles.insert(pack.title.to_lowercase()) {
                self.offer(&pack, platforms[0], Region::Global, 100);
            }
        }
        let software: Vec<String> = self.content.words.software.clone();
        for name in software.iter().take(22) {
            let title = Title {
                title: name.clone(),
                product_type: ProductType::Software,
                genres: vec![*self.rng.pick(&[Genre::Simulation, Genre::Casual, Genre::Puzzle])],
                developer: self.pick(&self.content.words.studios).to_owned(),
                publisher: self.pick(&self.content.words.publishers).to_owned(),
                release_days: -self.rng.range(30, 900),
                base_price: *self.rng.pick(&[1999, 2999, 4999, 7999, 9999]),
                base: String::new(),
                amount: String::new(),
                screenshots: 2,
            };
            if self.titles.insert(title.title.to_lowercase()) {
                let platform = *self.rng.pick(&[Platform::MicrosoftStore, Platform::MicrosoftStore, Platform::Steam]);
                self.offer(&title, platform, Region::Global, 100);
            }
        }
        for platform in [
            Platform::Steam,
            Platform::Xbox,
            Platform::Playstation,
            Platform::Nintendo,
            Platform::Epic,
            Platform::BattleNet,
        ] {
            for amount in CARD_AMOUNTS {
                let region = if amount == 100 { Region::NorthAmerica } else { Region::Global };
                let card = Title {
                    title: format!("{} Gift Card {amount} USD", platform.display_name()),
                    product_type: ProductType::GiftCard,
                    genres: vec![Genre::Casual],
                    developer: platform.display_name().to_owned(),
                    publisher: platform.display_name().to_owned(),
                    release_days: -400,
                    base_price: amount * 100,
                    base: String::new(),
                    amount: format!("{amount} USD"),
                    screenshots: 0,
                };
                if self.titles.insert(card.title.to_lowercase()) {
                    // Gift cards sell at face value, a little under at most.
                    let price_factor = 100;
                    self.offer(&card, platform, region, price_factor);
                }
            }
        }
        let passes: Vec<String> = self.content.words.passes.clone();
        for (index, pass) in passes.iter().enumerate().take(8) {
            for months in [1, 3, 12] {
                let platform = CONSOLES[index % CONSOLES.len()];
                let subscription = Title {
                    title: format!("{pass} {months} {}", if months == 1 { "Month" } else { "Months" }),
                    product_type: ProductType::Subscription,
                    genres: vec![*self.rng.pick(&[Genre::Action, Genre::Adventure, Genre::Casual])],
                    developer: platform.display_name().to_owned(),
                    publisher: platform.display_name().to_owned(),
                    release_days: -self.rng.range(60, 700),
                    base_price: months * 999,
                    base: String::new(),
                    amount: format!("{months}"),
                    screenshots: 1,
                };
                if self.titles.insert(subscription.title.to_lowercase()) {
                    self.offer(&subscription, platform, Region::Global, 100);
                }
            }
        }
    }
}

fn region_phrase(catalog: &LanguageTexts, region: Region) -> String {
    catalog.region.get(region.as_str()).cloned().unwrap_or_else(|| region.as_str().replace('-', " "))
}

/// The demo products (at least `games` base games with their variants, plus
/// DLC, software, gift cards, subscriptions and in-game currency).
pub fn products(content: &Content, seed: u64, games: usize, now_ms: i64) -> Vec<DemoProduct> {
    let mut generator =
        Generator { content, rng: Rng::new(seed), now_ms, titles: HashSet::new(), products: Vec::new() };
    let generated = generator.generate_games(games);
    generator.extras(&generated);
    generator.products
}

/// Reviews for about two thirds of the released products.
pub fn reviews(content: &Content, seed: u64, products: &[DemoProduct]) -> Vec<DemoReview> {
    let mut rng = Rng::new(seed ^ 0x5eed);
    let mut reviews = Vec::new();
    for (index, demo) in products.iter().enumerate() {
        if demo.product.preorder || !rng.chance(65) {
            continue;
        }
        for _ in 0..rng.range(1, 12) {
            let stars = match rng.below(100) {
                0..=44 => 5,
                45..=74 => 4,
                75..=87 => 3,
                88..=94 => 2,
                _ => 1,
            };
            let Some(texts) = content.words.reviews.get(&stars.to_string()).filter(|texts| !texts.is_empty()) else {
                continue;
            };
            let full_name = rng.pick(&content.words.reviewers).clone();
            let email = format!("{}{}@example.com", slugify(&full_name).replace('-', "."), rng.range(1, 999));
            reviews.push(DemoReview {
                product: index,
                full_name,
                email,
                content: rng.pick(texts).clone(),
                stars,
                days_ago: rng.range(0, 200),
            });
        }
    }
    reviews
}

/// Milliseconds `days` ago.
pub fn days_ago(now_ms: i64, days: i64) -> i64 {
    now_ms - days * DAY_MS
}
