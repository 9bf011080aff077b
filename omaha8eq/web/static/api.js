// Talking to the server: a question asked (get, post); a job started, polled for its
// progress and result, cancelled.

const FIRST_POLL_MS = 10;
const POLL_MS = 150;
// The server takes state-changing requests only as JSON from its own pages.
const CANCEL = { method: "DELETE", headers: { "content-type": "application/json" } };

export class ApiError extends Error {
  constructor(message, details) {
    super(message);
    this.details = details || {};
  }
}

async function answer(response) {
  let body;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(`the server answered ${response.status} without a result`);
  }
  if (!response.ok) throw new ApiError(body.error || `error ${response.status}`, body);
  return body;
}

// A GET of the API: its JSON answer, or an ApiError with the server's message.
export async function get(path) {
  return answer(await fetch(path));
}

export async function post(path, body, signal) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  return answer(response);
}

// A job on the server: run() resolves with its result (null when cancelled),
// onProgress(done, total) is called while it runs, cancel() stops it.
export class Job {
  constructor(kind, request, onProgress) {
    this.kind = kind;
    this.request = request;
    this.onProgress = onProgress;
    this.id = null;
    this.cancelled = false;
    // keepalive: the request outlives the page; JSON, as the server wants of every change.
    this.stopOnLeave = () => this.id && fetch(`api/jobs/${this.id}`, { ...CANCEL, keepalive: true });
  }

  async run() {
    window.addEventListener("pagehide", this.stopOnLeave);
    try {
      let status = await post("api/jobs", { kind: this.kind, request: this.request });
      this.id = status.id;
      if (this.cancelled) await this.cancel();
      let delay = FIRST_POLL_MS;
      // A cancelled job is left at once: the server stops it at its next progress report
      // (after the kernel it may be compiling for first use, which numba cannot interrupt).
      while ((status.state === "waiting" || status.state === "running") && !this.cancelled) {
        this.onProgress(status);
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(2 * delay, POLL_MS); // quick answers stay quick
        status = await get(`api/jobs/${this.id}`);
      }
      if (this.cancelled) return null;
      if (status.state === "failed") throw new ApiError(status.error, status); // failed before the first poll
      return status.state === "done" ? status : null;
    } finally {
      window.removeEventListener("pagehide", this.stopOnLeave);
    }
  }

  async cancel() {
    this.cancelled = true;
    if (this.id) await fetch(`api/jobs/${this.id}`, CANCEL);
  }
}
