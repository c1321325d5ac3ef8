// A playlist's cover: made of its first charts' covers, up to four in a square; one cover fills
// it; none, a plain tile with the playlist icon.
import { UnorderedListOutlined } from '@ant-design/icons'

export const PlaylistCover = ({
  covers,
  dataBase,
  size,
}: {
  covers: string[]
  dataBase: string
  size: number
}) => {
  const shown = covers.length >= 4 ? covers.slice(0, 4) : covers.slice(0, 1)
  return (
    <div
      className={`playlist-cover playlist-cover-${shown.length}`}
      style={{ width: size, height: size }}
      data-testid="playlist-cover"
      aria-hidden
    >
      {shown.length === 0 ? (
        <UnorderedListOutlined style={{ fontSize: size / 3 }} />
      ) : (
        shown.map((hash, i) => <img key={`${hash}-${i}`} src={`${dataBase}${hash}`} alt="" loading="lazy" />)
      )}
    </div>
  )
}
