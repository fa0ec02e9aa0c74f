// Sign-in for registrars: the API token is typed into a password field and POSTed (never put in
// a URL, RFC 6750 §2.3 discourages that), exchanged for a server-side session.

import { type Html, html } from "./html.js";
import { csrfField } from "./layout.js";
import type { Session } from "./session.js";

export function signInContent(session: Session, error: string | null): Html {
  return html`<h1>Sign in</h1>
<p>Registrars sign in with the API token an administrator created for them (<code>urnkit token create</code>). The token stays on the server; your browser only keeps a session cookie, which ends after 30 minutes without use.</p>
<form class="stack" method="post" action="/sign-in">
${csrfField(session)}
${error ? html`<p class="error-box" role="alert" id="token-error">${error}</p>` : ""}
<label for="token">API token</label>
<input id="token" name="token" type="password" autocomplete="current-password" spellcheck="false" required${error ? html` aria-invalid="true" aria-describedby="token-error"` : ""}>
<button type="submit">Sign in</button>
</form>`;
}
