// Markdown from users (descriptions, comments) and from the docs base. markdown-to-jsx with raw HTML
// parsing OFF (security by default): tags in the text stay text. Links and images keep only http(s),
// mailto and same-site addresses; anything else (javascript:, data:, vbscript:…) is dropped.
import MarkdownToJsx from 'markdown-to-jsx'
import { type AnchorHTMLAttributes, type ImgHTMLAttributes } from 'react'
import { Link as RouterLink } from 'react-router-dom'

const SAFE_URL = /^(https?:|mailto:|\/(?!\/)|#|\.{0,2}\/|[^:]*$)/i

export const safeUrl = (value: string): string | null => {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"), so judge without them.
  const compact = [...value]
    .filter((char) => char.charCodeAt(0) > 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
  return SAFE_URL.test(compact) ? value : null
}

/** A path on this site (`/docs/login`, `#top`): it opens here, in the same tab, through the router. */
const isInternal = (href: string | undefined) => !!href && /^(\/(?!\/)|#)/.test(href)

const Link = ({ href, children, ...props }: AnchorHTMLAttributes<HTMLAnchorElement>) =>
  isInternal(href) && !href!.startsWith('#') ? (
    <RouterLink to={href!} {...props}>
      {children}
    </RouterLink>
  ) : (
    // Another site opens in a new tab, and learns nothing of this one.
    <a
      href={href}
      {...props}
      target={isInternal(href) ? undefined : '_blank'}
      rel="noopener noreferrer nofollow"
    >
      {children}
    </a>
  )

/** Images from other sites are blocked by the site's content policy (img-src): say where they would be,
 *  as a link, rather than show a broken image. */
const Image = ({ src, alt, ...props }: ImgHTMLAttributes<HTMLImageElement>) =>
  src && /^https?:/i.test(src) && !src.startsWith(window.location.origin) ? (
    <a href={src} target="_blank" rel="noopener noreferrer nofollow" className="markdown-external-image">
      🖼 {alt || new URL(src).host}
    </a>
  ) : (
    <img src={src} alt={alt} {...props} />
  )

export const Markdown = ({ children }: { children: string }) => (
  <div className="markdown">
    <MarkdownToJsx
      options={{
        disableParsingRawHTML: true,
        sanitizer: (value) => safeUrl(value),
        overrides: { a: { component: Link }, img: { component: Image } },
      }}
    >
      {children}
    </MarkdownToJsx>
  </div>
)
