/** Writes `<meta name=… content=…>`, creating the tag when index.html lacks it. */
export function setMetaContent(name: 'description' | 'keywords', content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.name = name;
    document.head.append(element);
  }
  element.content = content;
}

/** `"<page title> - <siteName>"`, or the site name alone when the page has no title. */
export function composeDocumentTitle(pageTitle: string | null, siteName: string): string {
  return pageTitle ? `${pageTitle} - ${siteName}` : siteName;
}
