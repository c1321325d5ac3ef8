/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the China proxy server entry, e.g. https://cn.charts.example.com. */
  readonly VITE_PROXY_ORIGIN?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
