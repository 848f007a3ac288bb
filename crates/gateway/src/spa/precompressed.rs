//! The build's compressed twins of the SPA's files: `npm run build` writes `X.br` and `X.gz`
//! beside each text file (brotli at its best quality, gzip -9). A GET or HEAD for `X` that
//! accepts one of them gets that file as it is, with `X`'s type, `Content-Encoding` and its own
//! validators; nothing is compressed per request. A request that accepts neither, asks for a
//! range, or names a file without twins gets `X` as it is (which the compression middleware may
//! still gzip). Every answer says `Vary: Accept-Encoding`.

use std::path::{Path, PathBuf};
use std::rc::Rc;

use actix_files::NamedFile;
use actix_web::body::BoxBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, AcceptEncoding, ContentEncoding, Encoding, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{HttpMessage as _, HttpRequest, HttpResponse};

/// The twins a build writes, with their file suffixes. When a request likes two of them
/// equally, `AcceptEncoding::negotiate` prefers brotli.
const TWINS: [(ContentEncoding, &str); 2] = [(ContentEncoding::Brotli, "br"), (ContentEncoding::Gzip, "gz")];

/// Middleware of the SPA's files: answers with a twin where there is one the request accepts,
/// else passes the request on to the files as they are.
pub async fn serve_twins(
    root: Rc<Path>,
    request: ServiceRequest,
    next: Next<BoxBody>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let twin = match requested_file(&root, request.method().as_str(), request.path()) {
        Some(file) => open_twin(request.request(), &file).await,
        None => None,
    };
    let mut response = match twin {
        Some(twin) => {
            let (http_request, _) = request.into_parts();
            let answer = twin.into_response(&http_request);
            ServiceResponse::new(http_request, answer)
        }
        None => next.call(request).await?,
    };
    response.headers_mut().insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    Ok(response)
}

/// `file` answered with the twin `request` accepts best, else `file` as it is.
pub async fn respond(request: &HttpRequest, file: &Path) -> std::io::Result<HttpResponse> {
    if let Some(twin) = open_twin(request, file).await {
        return Ok(twin.into_response(request));
    }
    Ok(NamedFile::open_async(file).await?.into_response(request))
}

/// The file under `root` that a GET or HEAD of `path` names, when the path is plain enough to
/// map without the file service's decoding: segments of letters, digits, `.`, `_`, `-` and
/// `~`, none starting with a dot. A path ending in `/` names that folder's `index.html`.
fn requested_file(root: &Path, method: &str, path: &str) -> Option<PathBuf> {
    if !matches!(method, "GET" | "HEAD") {
        return None;
    }
    let mut file = root.to_path_buf();
    for segment in path.split('/').filter(|segment| !segment.is_empty()) {
        let plain = segment.bytes().all(|byte| byte.is_ascii_alphanumeric() || b"._-~".contains(&byte));
        if !plain || segment.starts_with('.') {
            return None;
        }
        file.push(segment);
    }
    if path.ends_with('/') {
        file.push("index.html");
    }
    Some(file)
}

/// The twin of `file` that `request` accepts best, opened with `file`'s name (so its content
/// type and disposition are `file`'s); `None` when identity is preferred or no accepted twin
/// exists, and for range requests (a range of the compressed bytes is not what was asked for).
async fn open_twin(request: &HttpRequest, file: &Path) -> Option<NamedFile> {
    if request.headers().contains_key(header::RANGE) {
        return None;
    }
    let accepted = request.get_header::<AcceptEncoding>()?;
    let mut offered: Vec<Encoding> =
        TWINS.iter().map(|(encoding, _)| Encoding::Known(*encoding)).chain([Encoding::identity()]).collect();
    while let Some(Encoding::Known(choice)) = accepted.negotiate(offered.iter()) {
        let (_, suffix) = TWINS.iter().find(|(encoding, _)| *encoding == choice)?;
        let mut twin_path = file.as_os_str().to_owned();
        twin_path.push(".");
        twin_path.push(suffix);
        match std::fs::File::open(&twin_path).and_then(|twin| NamedFile::from_file(twin, file)) {
            Ok(twin) => return Some(twin.set_content_encoding(choice)),
            Err(_) => offered.retain(|encoding| *encoding != Encoding::Known(choice)),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::requested_file;

    #[test]
    fn maps_plain_paths_only() {
        let root = Path::new("/spa");
        assert_eq!(requested_file(root, "GET", "/static/js/main.1a2b.js"), Some(root.join("static/js/main.1a2b.js")));
        assert_eq!(requested_file(root, "HEAD", "/"), Some(root.join("index.html")));
        assert_eq!(requested_file(root, "GET", "/games"), Some(root.join("games")));
        assert_eq!(requested_file(root, "POST", "/index.html"), None);
        assert_eq!(requested_file(root, "GET", "/static/../Cargo.toml"), None);
        assert_eq!(requested_file(root, "GET", "/.env"), None);
        assert_eq!(requested_file(root, "GET", "/static/%2e%2e/x.js"), None);
    }
}
