/**
 * Pages with known accessibility faults, and one without: what axe-core's WCAG A and
 * AA rules are held to in the browser tests.
 */

/** A label-less input, faint text, no `lang`, an image without alt, a button without a name. */
export const FAULTY_PAGE = `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<title>Sign up for the newsletter</title>
<style>
  body { background: #fff; color: #222; font-family: sans-serif; }
  .faint { color: #c8c8c8; }
</style>
</head>
<body>
<main>
<h1>Sign up</h1>
<p class="faint">Fine print nobody can read: we send one letter a month.</p>
<form action="/subscribe">
  <input type="text" name="email">
  <button type="submit"></button>
</form>
<img src="/pixel.png" width="10" height="10">
</main>
</body>
</html>`;

/** The same page, each fault mended. */
export const CLEAN_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Sign up for the newsletter</title>
<style>
  body { background: #fff; color: #222; font-family: sans-serif; }
</style>
</head>
<body>
<main>
<h1>Sign up</h1>
<p>Fine print everybody can read: we send one letter a month.</p>
<form action="/subscribe">
  <label for="email">Email</label>
  <input type="text" id="email" name="email">
  <button type="submit">Subscribe</button>
</form>
<img src="/pixel.png" width="10" height="10" alt="Our logo">
</main>
</body>
</html>`;

/** axe-core's rules the faulty page breaks, one per fault. */
export const FAULTY_PAGE_RULES = [
  'button-name',
  'color-contrast',
  'html-has-lang',
  'image-alt',
  'label',
];
