// OWASP cheat-sheet style payloads that the E2E server stores (a chart description, a tag, the split-line
// fragment) and the E2E tests type (comments): each must stay inert.
export const XSS_PAYLOADS = [
  '<script>alert("script")</script>',
  '<img src=x onerror="alert(\'img\')">',
  '<svg onload="alert(\'svg\')"></svg>',
  '<iframe src="javascript:alert(\'iframe\')"></iframe>',
  '<a href="javascript:alert(\'href\')">html link</a>',
  '[markdown link](javascript:alert("md"))',
  '[encoded](jav&#x09;ascript:alert("enc"))',
  '![image](javascript:alert("image"))',
  '<body onload=alert("body")>',
  '<details open ontoggle=alert("details")>',
  '"><script>alert("attr")</script>',
]
