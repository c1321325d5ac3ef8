// Long because one component owns the player's life: worker, canvas, audio clock and controls share its state.
// The browser player: a chart watched through our engine, as the app shows it. Nothing is fetched until
// someone presses play or follows a moment; then the engine's watch data runs in the watch worker, each
// frame's Draw calls are drawn on the canvas, and the music and hit sounds play, the music's clock leading.
import { useCallback, useEffect, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Alert, Button, Flex, Tag } from 'antd'
import {
  CaretRightOutlined,
  CloseOutlined,
  FullscreenOutlined,
  LinkOutlined,
  PauseOutlined,
} from '@ant-design/icons'
import type { EngineConfiguration, LevelItem } from '@sonolus/core'
import { WatchClock, WatchAudio, musicHas, musicReady } from './audio'
import { DensityStrip, OptionControls } from './Controls'
import {
  type EngineFiles,
  WatchFailure,
  fetchBytes,
  fetchEngineFiles,
  fetchReplay,
  noteSpeedOption,
  optionsFor,
} from '../../api/watchFiles'
import { WatchEngine } from './engineClient'
import { HudTimeline } from './hud'
import { momentHash } from './moments'
import { ClockReadout, HudReadout, SeekSlider } from './Readouts'
import { TimeStore } from './timeStore'
import { type MessageId } from '../../messageIds'
import { type LoadedWatch, type WatchFrame } from './protocol'
import {
  type LaidOutFrame,
  type PreparedSprite,
  QUAD_STRIDE,
  type Renderer,
  createRenderer,
  layOutFrame,
  spriteTable,
} from './render'

const ASPECT = 16 / 9
const SEEK_STEP = 5
/** How often the controls (time label, judgment display) follow the frames. */
const UI_INTERVAL_MS = 100
const FRAMES_KEPT = 1800
/** One frame of a 60 Hz screen. */
const FRAME_SECONDS = 1 / 60
/** Dynamic resolution: judged over this many frames, which are slow when they average more than this (under
 *  about 57 a second), and each step keeps this share of the pixels' width, never below the floor. */
const ADAPT_FRAMES = 20
const SLOW_FRAME_MS = 17.5
const RESOLUTION_STEP = 0.8
const MIN_RESOLUTION = 0.3
const MIN_CANVAS_WIDTH = 480

/** What the player shows of its frames to tests and bench:player (read from the canvas element). */
export type WatchProbe = {
  renderer?: string
  /** ms from pressing play to the first frame drawn. */
  firstFrameMs?: number
  frames: { time: number; engineMs: number; drawMs: number; at: number }[]
  /** The last frame drawn: each quad's sprite name and corners in canvas pixels, in drawing order. */
  readonly last?: {
    time: number
    width: number
    height: number
    quads: { sprite: string; corners: number[] }[]
  }
}
export type WatchCanvas = HTMLCanvasElement & { watchProbe?: WatchProbe }

export type WatchPlayerProps = {
  /** The level's engine, skin and effect (a level item, or the engine's item for a chart not yet made). */
  item: Pick<LevelItem, 'engine' | 'useSkin' | 'useEffect'>
  /** The level data's address, or its bytes (a chart converted on the create page). */
  level: { url: string } | { bytes: Uint8Array }
  musicUrl?: string
  backgroundUrl?: string
  dataBase: string
  sonolusBase: string
  /** A moment to open at (the address's #t=), and a replay to watch (#replay=). */
  moment?: { time?: number; replay?: string; nonce: number }
  onCloseReplay?: () => void
  /** The address of this page, for "copy link to this moment"; none hides the button. */
  shareUrl?: string
}

type Phase = { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; key: string }

type Loaded = {
  files: EngineFiles
  levelBytes: Uint8Array
  replayBytes?: Uint8Array
  replayTitle?: string
  watch: LoadedWatch
  table: (PreparedSprite | undefined)[]
  hud: HudTimeline
}

export const WatchPlayer = ({
  item,
  level,
  musicUrl,
  backgroundUrl,
  dataBase,
  sonolusBase,
  moment,
  onCloseReplay,
  shareUrl,
}: WatchPlayerProps) => {
  const intl = useIntl()
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' })
  const [playing, setPlaying] = useState(false)
  const shown = useRef(new TimeStore()).current
  const [rate, setRate] = useState(1)
  const [noteSpeed, setNoteSpeed] = useState<number | undefined>()
  const [mirror, setMirror] = useState(false)
  const [musicFailed, setMusicFailed] = useState(false)
  const [copied, setCopied] = useState(false)
  const [configuration, setConfiguration] = useState<EngineConfiguration>()
  const [watch, setWatch] = useState<Loaded>()

  const root = useRef<HTMLDivElement>(null)
  const canvas = useRef<WatchCanvas>(null)
  const music = useRef<HTMLAudioElement>(null)
  const engine = useRef<WatchEngine>(undefined)
  const audio = useRef<WatchAudio>(undefined)
  const renderer = useRef<Renderer>(undefined)
  const clock = useRef(new WatchClock())
  const loaded = useRef<Loaded>(undefined)
  const pending = useRef<{ time: number; skip: boolean } | undefined>(undefined)
  const busy = useRef(false)
  const pressedAt = useRef<number | undefined>(undefined)
  const lastUi = useRef(0)
  const frameRequest = useRef<number | undefined>(undefined)
  const loading = useRef<Promise<boolean> | undefined>(undefined)
  const abort = useRef<AbortController>(undefined)
  /** The music would not load or decode: time runs on the page's clock. */
  const musicBroken = useRef(false)
  /** The latest time shown while playing. */
  const shownFrom = useRef(0)
  /** The canvas's pixels per screen pixel: lowered while frames come slower than the screen's rate. */
  const resolution = useRef(1)
  const fitCanvas = useRef<() => void>(undefined)
  const gaps = useRef<number[]>([])
  /** The frame computed for the next animation frame. */
  const ready = useRef<{ frame: WatchFrame; current: Loaded } | undefined>(undefined)

  const levelKey = 'url' in level ? level.url : level.bytes
  const replay = moment?.replay

  /** The music stops with the session it belongs to. */
  const stopMusic = () => music.current?.pause()

  // A new chart, engine or replay starts over.
  useEffect(() => {
    const theClock = clock.current
    return () => {
      stopMusic()
      ready.current = undefined
      abort.current?.abort()
      abort.current = undefined
      engine.current?.close()
      engine.current = undefined
      audio.current?.close()
      audio.current = undefined
      renderer.current?.dispose()
      renderer.current = undefined
      loaded.current = undefined
      loading.current = undefined
      busy.current = false
      pending.current = undefined
      theClock.pause()
      theClock.set(0)
      if (frameRequest.current !== undefined) cancelAnimationFrame(frameRequest.current)
      frameRequest.current = undefined
      setWatch(undefined)
      setPlaying(false)
      setPhase({ kind: 'idle' })
    }
  }, [levelKey, item.engine.watchData.hash, replay])

  /** The last frame drawn, kept as laid out: the probe writes its quads out only when it is read. */
  const lastDrawn = useRef<{ time: number; width: number; height: number; laid: LaidOutFrame }>(undefined)
  const probe = (): WatchProbe => {
    const element = canvas.current!
    return (element.watchProbe ??= {
      frames: [],
      get last() {
        const drawn = lastDrawn.current
        if (!drawn) return undefined
        const { laid, ...size } = drawn
        return {
          ...size,
          quads: laid.sprites.map((sprite, n) => ({
            sprite: sprite.name,
            corners: Array.from(laid.quads.subarray(n * QUAD_STRIDE, n * QUAD_STRIDE + 8)),
          })),
        }
      },
    })
  }

  /** Puts a frame on the canvas and notes what it cost. */
  const drawFrame = useCallback((frame: WatchFrame, current: Loaded) => {
    const element = canvas.current
    if (!element || !renderer.current || loaded.current !== current) return
    const started = performance.now()
    const laid = layOutFrame(frame.draws, current.table, element.width, element.height)
    renderer.current.render(laid)
    const at = performance.now()
    const info = probe()
    if (pressedAt.current !== undefined) {
      info.firstFrameMs = at - pressedAt.current
      pressedAt.current = undefined
    }
    const previous = info.frames.at(-1)?.at
    if (clock.current.playing && previous !== undefined) adapt(at - previous)
    info.frames.push({ time: frame.time, engineMs: frame.cost, drawMs: at - started, at })
    if (info.frames.length > FRAMES_KEPT) info.frames.splice(0, info.frames.length - FRAMES_KEPT)
    lastDrawn.current = { time: frame.time, width: element.width, height: element.height, laid }
  }, [])

  /** Asks the engine for the frame at `time` (the newest asked wins; one is computed at a time). While
   *  playing, the frame waits for the next animation frame to be drawn, in step with the screen; otherwise
   *  (a seek while paused) it is drawn as it arrives. */
  const requestFrame = useCallback(
    (time: number, skip: boolean) => {
      pending.current = { time, skip }
      if (busy.current) return
      const next = () => {
        const ask = pending.current
        const current = loaded.current
        if (!ask || !engine.current || !current) {
          busy.current = false
          return
        }
        pending.current = undefined
        busy.current = true
        // A frame of an engine closed meanwhile (another chart or replay) belongs to nobody.
        const asked = engine.current
        asked.frame(ask.time, ask.skip).then(
          (frame) => {
            if (engine.current !== asked) return
            if (clock.current.playing) ready.current = { frame, current }
            else drawFrame(frame, current)
            next()
          },
          (error: unknown) => {
            if (engine.current !== asked) return
            busy.current = false
            setPhase({
              kind: 'failed',
              key: error instanceof WatchFailure ? error.key : 'watch.engine_refused',
            })
          },
        )
      }
      next()
    },
    [drawFrame],
  )

  /** Dynamic resolution: when the frames of a stretch of play come slower than 60 a second (a software or
   *  weak GPU filling a large canvas), the canvas gets fewer pixels, down to a floor. */
  const adapt = (gap: number) => {
    const recent = gaps.current
    recent.push(gap)
    if (recent.length < ADAPT_FRAMES) return
    const slow = recent.reduce((sum, value) => sum + value, 0) / recent.length > SLOW_FRAME_MS
    recent.length = 0
    const element = canvas.current
    if (!slow || !element || resolution.current <= MIN_RESOLUTION) return
    if (element.width * RESOLUTION_STEP < MIN_CANVAS_WIDTH) return
    resolution.current = Math.max(MIN_RESOLUTION, resolution.current * RESOLUTION_STEP)
    fitCanvas.current?.()
  }

  const showUi = useCallback(
    (time: number, force = false) => {
      const now = performance.now()
      if (!force && now - lastUi.current < UI_INTERVAL_MS) return
      lastUi.current = now
      shown.set(time)
      // Read by tests and bench:player without a render.
      if (root.current) root.current.dataset.time = time.toFixed(2)
    },
    [shown],
  )

  /** Runs the engine on these options (the chart's files fetched once; the session made again). */
  const startSession = useCallback(
    async (current: Omit<Loaded, 'watch' | 'hud' | 'table'>, options: number[]) => {
      const made = await engine.current!.load({
        level: current.levelBytes.slice(),
        watchData: current.files.watchData.slice(),
        replay: current.replayBytes?.slice(),
        options,
        aspectRatio: ASPECT,
      })
      const next: Loaded = {
        ...current,
        watch: made,
        table: spriteTable(current.files.skin, made.sprites),
        hud: new HudTimeline(made.judgments.time, made.judgments.judgment, made.noteCount),
      }
      loaded.current = next
      audio.current?.setSchedule(made.sounds, made.stops)
      setWatch(next)
      return next
    },
    [],
  )

  const load = useCallback((): Promise<boolean> => {
    if (loading.current) return loading.current
    const controller = new AbortController()
    abort.current = controller
    setPhase({ kind: 'loading' })
    engine.current = new WatchEngine()
    audio.current = new WatchAudio()
    const run = async () => {
      const signal = controller.signal
      const [files, levelBytes, replayData] = await Promise.all([
        fetchEngineFiles(item, dataBase, signal),
        'url' in level ? fetchBytes(level.url, signal) : Promise.resolve(level.bytes.slice()),
        replay ? fetchReplay(sonolusBase, dataBase, replay, signal) : Promise.resolve(undefined),
      ])
      if (signal.aborted) return false
      const element = canvas.current!
      renderer.current = createRenderer(element, {
        image: files.texture,
        width: files.texture.width,
        height: files.texture.height,
        smooth: files.skin.interpolation,
      })
      probe().renderer = renderer.current.kind
      setConfiguration(files.configuration)
      const initialSpeed = noteSpeed ?? noteSpeedOption(files.configuration)?.def
      setNoteSpeed(initialSpeed)
      // The session below runs on these options: the effect that makes a new one on a change skips them.
      sessionOptions.current = `${initialSpeed ?? ''}:${mirror}`
      await audio.current!.decode(files.clips)
      await startSession(
        { files, levelBytes, replayBytes: replayData?.bytes, replayTitle: replayData?.title },
        optionsFor(files.configuration, { noteSpeed: initialSpeed, mirror }),
      )
      if (signal.aborted) return false
      setPhase({ kind: 'ready' })
      return true
    }
    loading.current = run().catch((error: unknown) => {
      if (controller.signal.aborted) return false
      setPhase({ kind: 'failed', key: error instanceof WatchFailure ? error.key : 'watch.fetch_failed' })
      loading.current = undefined
      return false
    })
    return loading.current
    // The options at the time of loading; later changes start a new session (below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [item, level, dataBase, sonolusBase, replay, startSession])

  const musicTimeOf = (time: number) => time + (loaded.current?.watch.bgmOffset ?? 0)

  /** Puts the music where the level is, playing or not. */
  const syncMusic = useCallback((time: number, play: boolean) => {
    const element = music.current
    if (!element || musicBroken.current) return
    const at = musicTimeOf(time)
    if (Math.abs(element.currentTime - at) > 0.05) element.currentTime = Math.max(0, at)
    if (play && musicHas(element, at)) element.play().catch(() => undefined)
    else element.pause()
  }, [])

  const tick = useCallback(() => {
    frameRequest.current = undefined
    const current = loaded.current
    if (!current || !clock.current.playing) return
    if (ready.current) {
      drawFrame(ready.current.frame, ready.current.current)
      ready.current = undefined
    }
    const element = music.current
    if (element && !element.paused && !element.seeking && element.readyState >= 2)
      clock.current.follow(element.currentTime - current.watch.bgmOffset)
    // While playing, time only goes forward: a music clock a little behind is waited for.
    let time = Math.max(clock.current.time(), shownFrom.current)
    shownFrom.current = time
    // The music starts when the level reaches it.
    if (element && element.paused && element.readyState >= 2 && musicHas(element, musicTimeOf(time)))
      syncMusic(time, true)
    if (time >= current.watch.end) {
      time = current.watch.end
      clock.current.pause()
      clock.current.set(time)
      element?.pause()
      setPlaying(false)
    }
    audio.current?.schedule(time, clock.current.rate)
    // Drawn at the next animation frame: the time it will be on screen.
    requestFrame(Math.min(time + FRAME_SECONDS * clock.current.rate, current.watch.end), false)
    showUi(time)
    if (clock.current.playing) frameRequest.current = requestAnimationFrame(tick)
  }, [drawFrame, requestFrame, showUi, syncMusic])

  const play = useCallback(async () => {
    pressedAt.current = performance.now()
    await audio.current?.resume()
    if (!(await load())) return
    await audio.current?.resume()
    const current = loaded.current!
    if (clock.current.time() >= current.watch.end) clock.current.set(0)
    const time = clock.current.time()
    // The music first (its clock leads): time starts when it does, not while it is still loading.
    const element = music.current
    if (element && !musicBroken.current && (await musicReady(element))) {
      const at = musicTimeOf(time)
      if (musicHas(element, at)) {
        element.currentTime = at
        await element.play().catch(() => undefined)
      }
    }
    shownFrom.current = time
    // The keyboard shortcuts work from here on (the button pressed may have lost the focus while loading).
    if (root.current && !root.current.contains(document.activeElement))
      root.current.focus({ preventScroll: true })
    audio.current?.reset(time)
    clock.current.start()
    setPlaying(true)
    if (frameRequest.current === undefined) frameRequest.current = requestAnimationFrame(tick)
  }, [load, tick])

  const pause = useCallback(() => {
    clock.current.pause()
    ready.current = undefined
    music.current?.pause()
    audio.current?.reset()
    setPlaying(false)
    showUi(clock.current.time(), true)
  }, [showUi])

  const seek = useCallback(
    async (time: number) => {
      if (!(await load())) return
      const current = loaded.current!
      const to = Math.min(Math.max(time, 0), current.watch.end)
      clock.current.set(to)
      shownFrom.current = to
      ready.current = undefined
      audio.current?.reset(to)
      syncMusic(to, clock.current.playing)
      requestFrame(to, true)
      showUi(to, true)
    },
    [load, syncMusic, requestFrame, showUi],
  )

  const onSeek = useCallback((time: number) => void seek(time), [seek])

  const toggle = useCallback(() => {
    if (playing) pause()
    else void play()
  }, [playing, pause, play])

  // A moment from the address (a comment's time link, a shared link, a replay's Watch).
  useEffect(() => {
    if (!moment || (moment.time === undefined && !moment.replay)) return
    root.current?.scrollIntoView({ block: 'nearest' })
    void seek(moment.time ?? 0)
  }, [moment, seek])

  // Speed: the clock and the music follow; the music keeps its pitch.
  useEffect(() => {
    clock.current.setRate(rate)
    if (music.current) {
      music.current.playbackRate = rate
      music.current.preservesPitch = true
    }
    audio.current?.reset(clock.current.time())
  }, [rate])

  // Note speed and mirror are the engine's own options: a new session on the same files.
  const optionsKey = `${noteSpeed ?? ''}:${mirror}`
  const sessionOptions = useRef(optionsKey)
  useEffect(() => {
    if (sessionOptions.current === optionsKey) return
    sessionOptions.current = optionsKey
    const current = loaded.current
    if (!current || !configuration) return
    const asked = engine.current
    void startSession(current, optionsFor(configuration, { noteSpeed, mirror })).then(
      () => requestFrame(clock.current.time(), true),
      (error: unknown) => {
        if (engine.current === asked)
          setPhase({
            kind: 'failed',
            key: error instanceof WatchFailure ? error.key : 'watch.engine_refused',
          })
      },
    )
  }, [optionsKey, configuration, noteSpeed, mirror, startSession, requestFrame])

  // The canvas's pixels follow its size on screen.
  useEffect(() => {
    const element = canvas.current
    if (!element) return
    const fit = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, 2) * resolution.current
      const width = Math.max(1, Math.round(element.clientWidth * ratio))
      const height = Math.max(1, Math.round(width / ASPECT))
      if (element.width === width && element.height === height) return
      element.width = width
      element.height = height
      if (loaded.current) requestFrame(clock.current.time(), true)
    }
    fitCanvas.current = fit
    fit()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(fit)
    observer.observe(element)
    return () => observer.disconnect()
  }, [requestFrame])

  useEffect(
    () => () => {
      if (frameRequest.current !== undefined) cancelAnimationFrame(frameRequest.current)
    },
    [],
  )

  const onKey = (event: React.KeyboardEvent) => {
    const target = event.target as HTMLElement
    if (target.closest('input, [role="slider"], [role="combobox"], [role="switch"]')) return
    // A focused button already answers Space with a click.
    if (event.key === ' ' && target.closest('button')) return
    if (event.key === ' ') toggle()
    else if (event.key === 'ArrowLeft') void seek(clock.current.time() - SEEK_STEP)
    else if (event.key === 'ArrowRight') void seek(clock.current.time() + SEEK_STEP)
    else return
    event.preventDefault()
  }

  const copyLink = () => {
    if (!shareUrl) return
    const url = `${shareUrl}${momentHash(clock.current.time(), replay)}`
    void navigator.clipboard?.writeText(url).then(
      () => setCopied(true),
      () => undefined,
    )
  }
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])

  const end = watch?.watch.end ?? 0
  const failed = phase.kind === 'failed' ? phase.key : undefined

  return (
    <div
      ref={root}
      className="watch-player"
      tabIndex={0}
      onKeyDown={onKey}
      role="region"
      aria-label={intl.formatMessage({ id: 'watch.title' })}
      data-testid="watch-player"
      data-phase={phase.kind}
    >
      {replay && (
        <Flex gap={8} align="center" wrap className="watch-replay" data-testid="watch-replay">
          <Tag color="purple">
            <FormattedMessage id="watch.replay" values={{ title: watch?.replayTitle ?? replay }} />
          </Tag>
          {onCloseReplay && (
            <Button size="small" type="text" icon={<CloseOutlined />} onClick={onCloseReplay}>
              <FormattedMessage id="watch.close_replay" />
            </Button>
          )}
        </Flex>
      )}
      <div
        className="watch-stage"
        style={backgroundUrl ? { backgroundImage: `url("${encodeURI(backgroundUrl)}")` } : undefined}
      >
        <canvas ref={canvas} className="watch-canvas" data-testid="watch-canvas" />
        {watch && phase.kind === 'ready' && <HudReadout store={shown} hud={watch.hud} />}
        {!playing && phase.kind !== 'failed' && (
          <Button
            className="watch-big-play"
            type="primary"
            shape="circle"
            size="large"
            icon={<CaretRightOutlined />}
            loading={phase.kind === 'loading'}
            onClick={() => void play()}
            aria-label={intl.formatMessage({ id: 'watch.play' })}
          />
        )}
      </div>
      {failed && (
        <Alert
          type="error"
          showIcon
          message={<FormattedMessage id={failed as MessageId} />}
          data-testid="watch-error"
        />
      )}
      {musicFailed && phase.kind === 'ready' && (
        <Alert type="warning" showIcon message={<FormattedMessage id="watch.audio_failed" />} />
      )}
      <Flex vertical gap={4} className="watch-controls">
        <div className="watch-seek">
          <DensityStrip noteTimes={watch?.watch.noteTimes} tempoTimes={watch?.watch.tempoTimes} end={end} />
          <SeekSlider store={shown} end={end} disabled={phase.kind !== 'ready'} onSeek={onSeek} />
        </div>
        <Flex gap={8} align="center" wrap>
          <Button
            icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
            onClick={toggle}
            disabled={phase.kind === 'failed' || phase.kind === 'loading'}
            data-testid="watch-toggle"
          >
            <FormattedMessage id={playing ? 'watch.pause' : 'watch.play'} />
          </Button>
          <ClockReadout store={shown} end={end} />
          <OptionControls
            configuration={configuration}
            rate={rate}
            onRate={setRate}
            noteSpeed={noteSpeed}
            onNoteSpeed={setNoteSpeed}
            mirror={mirror}
            onMirror={setMirror}
          />
          <Button
            size="small"
            icon={<FullscreenOutlined />}
            onClick={() => void root.current?.requestFullscreen?.().catch(() => undefined)}
            aria-label={intl.formatMessage({ id: 'watch.fullscreen' })}
          />
          {shareUrl && (
            <Button size="small" icon={<LinkOutlined />} onClick={copyLink} data-testid="watch-copy-link">
              <FormattedMessage id={copied ? 'watch.copied' : 'watch.copy_link'} />
            </Button>
          )}
        </Flex>
      </Flex>
      {musicUrl && (
        <audio
          ref={music}
          src={musicUrl}
          preload="none"
          onError={() => {
            musicBroken.current = true
            setMusicFailed(true)
          }}
          data-testid="watch-music"
        />
      )}
    </div>
  )
}

export default WatchPlayer
