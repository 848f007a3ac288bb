//! Uploaded product images: the type sniffed from the bytes (never the
//! name), bounded in bytes and pixels before anything is decoded, resized to
//! the widths the shop shows and written as WebP. A file is named by what it
//! holds (`<stem>-<width>.webp`, the stem a hash of the upload), so it never
//! changes and is cached for a year.

use std::io::Cursor;

use image::codecs::webp::WebPEncoder;
use image::imageops::FilterType;
use image::{DynamicImage, ImageFormat, ImageReader, Limits};
use keyshop_core::error::{AppError, FieldErrors};
use sha2::{Digest, Sha256};

/// The largest upload (8 MiB).
pub const MAX_UPLOAD_BYTES: usize = 8 * 1024 * 1024;
/// The most pixels an upload may have (a 7,000 × 5,000 photo), and the
/// longest side: what a decompression bomb declares is refused from its header.
pub const MAX_PIXELS: u64 = 35_000_000;
pub const MAX_SIDE: u32 = 10_000;
/// Memory the decoder may take (a 35-megapixel RGBA image with room to spare).
const MAX_DECODE_BYTES: u64 = 256 * 1024 * 1024;

/// Where an image goes on the product page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageSlot {
    Cover,
    Screenshot,
}

impl ImageSlot {
    pub fn parse(slot: &str) -> Option<ImageSlot> {
        match slot {
            "cover" => Some(ImageSlot::Cover),
            "screenshot" => Some(ImageSlot::Screenshot),
            _ => None,
        }
    }

    /// The widths the shop shows: cards and the page's cover; the gallery
    /// and its full view.
    pub fn widths(self) -> &'static [u32] {
        match self {
            ImageSlot::Cover => &COVER_WIDTHS,
            ImageSlot::Screenshot => &SCREENSHOT_WIDTHS,
        }
    }
}

pub const COVER_WIDTHS: [u32; 2] = [320, 640];
pub const SCREENSHOT_WIDTHS: [u32; 2] = [640, 1280];

/// One size of an image, ready to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendition {
    pub width: u32,
    pub data: Vec<u8>,
}

impl Rendition {
    pub fn file_name(&self, stem: &str) -> String {
        file_name(stem, self.width)
    }
}

pub fn file_name(stem: &str, width: u32) -> String {
    format!("{stem}-{width}.webp")
}

/// Whether `name` is one of ours (`<24 hex>-<width>.webp`): nothing else is
/// ever looked up in the storage.
pub fn is_file_name(name: &str) -> bool {
    let Some(base) = name.strip_suffix(".webp") else { return false };
    let Some((stem, width)) = base.split_once('-') else { return false };
    is_stem(stem)
        && width.parse::<u32>().is_ok_and(|width| COVER_WIDTHS.contains(&width) || SCREENSHOT_WIDTHS.contains(&width))
}

pub fn is_stem(stem: &str) -> bool {
    stem.len() == 24 && stem.bytes().all(|byte| byte.is_ascii_digit() || (b'a'..=b'f').contains(&byte))
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Processed {
    pub stem: String,
    pub renditions: Vec<Rendition>,
}

fn refused(msg_key: &str) -> AppError {
    FieldErrors::default().with("file", msg_key).into_error()
}

/// The upload checked, resized and encoded; a clear field error for a file
/// that is not a PNG, JPEG, WebP or GIF image, too large, too many pixels, or
/// broken.
pub fn process(data: &[u8], slot: ImageSlot) -> Result<Processed, AppError> {
    if data.is_empty() {
        return Err(refused("api.field.required"));
    }
    if data.len() > MAX_UPLOAD_BYTES {
        return Err(refused("api.staff.imageTooLarge"));
    }
    let format = image::guess_format(data).map_err(|_| refused("api.staff.imageType"))?;
    if !matches!(format, ImageFormat::Png | ImageFormat::Jpeg | ImageFormat::WebP | ImageFormat::Gif) {
        return Err(refused("api.staff.imageType"));
    }
    let reader = || ImageReader::with_format(Cursor::new(data), format);
    let (width, height) = reader().into_dimensions().map_err(|_| refused("api.staff.imageBroken"))?;
    if width == 0 || height == 0 {
        return Err(refused("api.staff.imageBroken"));
    }
    if width > MAX_SIDE || height > MAX_SIDE || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(refused("api.staff.imagePixels"));
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    let mut decoder = reader();
    decoder.limits(limits);
    let decoded = decoder.decode().map_err(|_| refused("api.staff.imageBroken"))?;
    let renditions =
        slot.widths().iter().map(|width| encode(&decoded, *width)).collect::<Result<Vec<Rendition>, AppError>>()?;
    let digest = Sha256::digest(data);
    let stem = digest.iter().take(12).map(|byte| format!("{byte:02x}")).collect();
    Ok(Processed { stem, renditions })
}

/// `image` at most `width` wide (never enlarged), as WebP.
fn encode(image: &DynamicImage, width: u32) -> Result<Rendition, AppError> {
    let resized = if image.width() > width {
        let height = (u64::from(image.height()) * u64::from(width) / u64::from(image.width())).max(1);
        image.resize_exact(width, u32::try_from(height).unwrap_or(1), FilterType::Triangle)
    } else {
        image.clone()
    };
    let mut data = Vec::new();
    let encoder = WebPEncoder::new_lossless(&mut data);
    if resized.color().has_alpha() {
        let pixels = resized.to_rgba8();
        encoder.encode(pixels.as_raw(), pixels.width(), pixels.height(), image::ExtendedColorType::Rgba8)
    } else {
        let pixels = resized.to_rgb8();
        encoder.encode(pixels.as_raw(), pixels.width(), pixels.height(), image::ExtendedColorType::Rgb8)
    }
    .map_err(AppError::internal)?;
    Ok(Rendition { width, data })
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageEncoder, RgbImage};

    pub fn png(width: u32, height: u32) -> Vec<u8> {
        let picture = RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 90]));
        let mut data = Vec::new();
        image::codecs::png::PngEncoder::new(&mut data)
            .write_image(picture.as_raw(), width, height, image::ExtendedColorType::Rgb8)
            .unwrap();
        data
    }

    /// The CRC of a PNG chunk (type and data).
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xffff_ffffu32;
        for byte in bytes {
            crc ^= u32::from(*byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 { (crc >> 1) ^ 0xedb8_8320 } else { crc >> 1 };
            }
        }
        !crc
    }

    fn field(error: AppError) -> String {
        error.fields.get("file").cloned().unwrap_or_default()
    }

    #[test]
    fn an_image_becomes_webp_in_the_shown_widths() {
        let processed = process(&png(900, 450), ImageSlot::Cover).unwrap();
        assert!(is_stem(&processed.stem));
        assert_eq!(processed.renditions.len(), 2);
        for rendition in &processed.renditions {
            assert_eq!(image::guess_format(&rendition.data).unwrap(), ImageFormat::WebP);
            let decoded = image::load_from_memory(&rendition.data).unwrap();
            assert_eq!((decoded.width(), decoded.height()), (rendition.width, rendition.width / 2));
            assert!(is_file_name(&rendition.file_name(&processed.stem)));
        }
        // The same upload, the same names.
        assert_eq!(process(&png(900, 450), ImageSlot::Cover).unwrap().stem, processed.stem);
    }

    #[test]
    fn a_small_image_is_never_enlarged() {
        let processed = process(&png(200, 100), ImageSlot::Screenshot).unwrap();
        let decoded = image::load_from_memory(&processed.renditions[1].data).unwrap();
        assert_eq!(decoded.width(), 200);
    }

    #[test]
    fn what_is_not_an_image_is_refused_by_its_content() {
        let php = b"<?php system($_GET['c']); ?>".to_vec();
        assert_eq!(field(process(&php, ImageSlot::Cover).unwrap_err()), "api.staff.imageType");
        let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>".to_vec();
        assert_eq!(field(process(&svg, ImageSlot::Cover).unwrap_err()), "api.staff.imageType");
        let mut truncated = png(64, 64);
        truncated.truncate(60);
        assert_eq!(field(process(&truncated, ImageSlot::Cover).unwrap_err()), "api.staff.imageBroken");
        assert_eq!(field(process(&[], ImageSlot::Cover).unwrap_err()), "api.field.required");
    }

    #[test]
    fn too_many_bytes_or_pixels_are_refused_before_decoding() {
        let big = vec![0u8; MAX_UPLOAD_BYTES + 1];
        assert_eq!(field(process(&big, ImageSlot::Cover).unwrap_err()), "api.staff.imageTooLarge");
        // A header claiming 30,000 × 30,000: refused without decoding a pixel.
        let mut bomb = png(1, 1);
        bomb[16..20].copy_from_slice(&30_000u32.to_be_bytes());
        bomb[20..24].copy_from_slice(&30_000u32.to_be_bytes());
        let crc = crc32(&bomb[12..29]);
        bomb[29..33].copy_from_slice(&crc.to_be_bytes());
        assert_eq!(field(process(&bomb, ImageSlot::Cover).unwrap_err()), "api.staff.imagePixels");
    }

    #[test]
    fn only_our_file_names_are_looked_up() {
        assert!(is_file_name("0123456789abcdef01234567-640.webp"));
        assert!(!is_file_name("0123456789abcdef01234567-641.webp"));
        assert!(!is_file_name("../etc/passwd-640.webp"));
        assert!(!is_file_name("0123456789ABCDEF01234567-640.webp"));
    }
}
