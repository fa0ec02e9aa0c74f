// A browser for the web UI's tests, without a browser: light-my-request requests with the one
// cookie the UI sets kept between them.

import assert from "node:assert/strict";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";

/** A browser's cookie jar, reduced to the one cookie the UI sets. */
export class Browser {
  cookie: string | null = null;
  constructor(private readonly app: FastifyInstance) {}

  async get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.#keep(
      await this.app.inject({ url, headers: { ...this.#jar(), accept: "text/html", ...headers } }),
    );
  }

  async post(url: string, form: Record<string, string | string[]>) {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(form))
      for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
    return this.#keep(
      await this.app.inject({
        method: "POST",
        url,
        headers: { ...this.#jar(), "content-type": "application/x-www-form-urlencoded" },
        payload: body.toString(),
      }),
    );
  }

  /** The CSRF token of the first form on the page at `url`. */
  async csrf(url: string): Promise<string> {
    const page = await this.get(url);
    const m = /name="csrf" value="([^"]+)"/.exec(page.body);
    assert.ok(m, `no CSRF field on ${url}`);
    return m[1] as string;
  }

  #jar(): Record<string, string> {
    return this.cookie === null ? {} : { cookie: this.cookie };
  }

  #keep(r: LightMyRequestResponse): LightMyRequestResponse {
    const set = r.headers["set-cookie"];
    const line = Array.isArray(set) ? set[0] : set;
    if (line !== undefined) {
      const pair = line.split(";")[0] as string;
      this.cookie = pair.endsWith("=") ? null : pair;
    }
    return r;
  }
}

/** A browser signed in with `token` through the sign-in form. */
export async function signedIn(app: FastifyInstance, token: string): Promise<Browser> {
  const b = new Browser(app);
  const csrf = await b.csrf("/sign-in");
  const r = await b.post("/sign-in", { csrf, token });
  assert.equal(r.statusCode, 303, r.body);
  return b;
}
