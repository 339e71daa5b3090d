/**
 * A hostile page: its title, headings, links and evidence carry markup and script. Its
 * link to another origin names a loopback address the address policy refuses, so the
 * link probe connects nowhere.
 */
export const XSS_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>&lt;script&gt;alert("title")&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</title>
<meta name="description" content="&quot;&gt;&lt;script&gt;alert('description')&lt;/script&gt;">
<meta http-equiv="refresh" content="0;url=javascript:alert(1)">
</head><body>
<h1>&lt;svg onload=alert("h1")&gt;</h1>
<h4>skipped &lt;/li&gt;&lt;script&gt;alert(4)&lt;/script&gt;</h4>
<a href="javascript:alert('href')">click here</a>
<a href="https://127.0.0.2/" target="_blank">&lt;b onmouseover=alert(2)&gt;here&lt;/b&gt;</a>
<img src="/x.png">
<p style="color:red">mail evil"&gt;&lt;script&gt;alert(5)&lt;/script&gt;@example.com</p>
</body></html>`;
