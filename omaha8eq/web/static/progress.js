// A run on the server with its progress bar, its progress text and its Cancel button: the
// equity form's, the range explorer's and the query box's are each one RunControls, so
// each shows the same progress (what is counted, how far, how long) and stops the same way.

import { Job } from "./api.js";

const running = new Set(); // the controls whose job runs: Esc cancels them all

// What a job's status says of its progress: "waiting for the server…",
// "compiling sweep_runouts for first use, 12 s (once per install; Cancel stops waiting)" or
// "1,234 of 5,000 boards done, 1.2 s" (a new unit, a range parsed then the run, restarts the count).
export function progressText(status) {
  if (status.state === "waiting") return "waiting for the server…";
  if (status.compiling) {
    const { kernel, seconds } = status.compiling;
    return `compiling ${kernel} for first use, ${seconds.toFixed(0)} s (once per install; Cancel stops waiting)`;
  }
  const of = status.total ? ` of ${status.total.toLocaleString()}` : "";
  const unit = status.unit ? ` ${status.unit}` : "";
  return `${status.done.toLocaleString()}${of}${unit} done, ${status.elapsed.toFixed(1)} s`;
}

export class RunControls {
  // bar: a <progress>; text: where the progress is written; cancel: the Cancel button;
  // buttons: the buttons that start runs, disabled while one runs.
  constructor({ bar, text, cancel, buttons = [] }) {
    Object.assign(this, { bar, text, cancelButton: cancel, buttons });
    this.job = null;
    cancel.addEventListener("click", () => this.cancel());
  }

  get busy() {
    return this.job !== null;
  }

  show(status) {
    this.bar.hidden = false;
    if (status.total) {
      this.bar.max = status.total;
      this.bar.value = status.done;
    } else this.bar.removeAttribute("value"); // not known yet: the bar moves without a value
    this.text.textContent = progressText(status);
  }

  // Run a job of ``kind``: its final status (with ``result``), null when it was cancelled;
  // an ApiError when the server refuses it or it fails.
  async run(kind, request) {
    const job = new Job(kind, request, (status) => this.show(status));
    this.job = job;
    running.add(this);
    for (const button of this.buttons) button.disabled = true;
    this.cancelButton.hidden = false;
    this.text.textContent = "starting…";
    try {
      return await job.run();
    } finally {
      this.job = null;
      running.delete(this);
      for (const button of this.buttons) button.disabled = false;
      this.cancelButton.hidden = this.bar.hidden = true;
      this.text.textContent = "";
    }
  }

  cancel() {
    if (this.job) this.job.cancel();
  }
}

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") for (const controls of running) controls.cancel();
});
