// Which scenarios of the official MCP conformance suite apply to this plugin's two MCP servers, and why the
// others do not: official.mjs runs every listed scenario except these, and reports these with their reason
// (never skipped silently). A scenario applies when it tests something the server claims: a capability it
// advertises, a method it answers, or a tool/resource a user of the plugin can give it (the agent endpoint's
// fixtures are user tools and resources, spec/conformance/fixtures.lua, served through the real path).
//
//   bridge     the agent endpoint (`nvim -l …/bridge.lua`, stdio) behind spec/conformance/stdio_shim.mjs
//   companion  the Gemini CLI / Qwen Code companion (Streamable HTTP) behind spec/conformance/bearer_proxy.mjs
//
// EXEMPT_CHECKS: single checks inside an applicable scenario that test something unclaimed (the scenario's
// other checks still count).

const NO_PROMPTS = "no prompts capability: neither server offers prompts";
const NO_COMPLETIONS = "no completions capability: neither server completes arguments";
const NO_LOGGING = "no logging capability: the servers send no notifications/message (logs go to a file)";
const NO_SUBSCRIBE = "resources.subscribe is not claimed: no resource sends notifications/resources/updated";
const NO_SAMPLING = "no tool asks the client for sampling";
const NO_ELICITATION = "no tool asks the client for elicitation (reviews are answered in Neovim, by the user)";
const NO_PROGRESS = "no tool reports progress (notifications/progress)";
const TEXT_ONLY = "tools answer text only (built-in and user tools alike): no image, audio or embedded-resource content";
const TEXT_RESOURCES = "resources are text only (no blob contents)";
const NO_USER_TEMPLATES = "resource templates are the built-in vim://… ones only: a user cannot add a template";
const NO_INPUT_REQUIRED = "no request ever answers input_required: no tool asks the client for input (2026-07-28 MRTR)";
const NO_XMCP_HEADER = "no tool declares x-mcp-header parameters";
const SHIM =
  "tests the HTTP transport itself; the agent endpoint speaks stdio, so this would test spec/conformance/stdio_shim.mjs, not the plugin";
const COMPANION_TOOLS =
  "the companion serves only openDiff and closeDiff (the Gemini CLI IDE companion interface): no fixture tool can be added";
const COMPANION_RESOURCES = "the companion offers no resources (the Gemini CLI IDE companion interface)";

export const NOT_APPLICABLE = {
  bridge: {
    "logging-set-level": NO_LOGGING,
    "tools-call-with-logging": NO_LOGGING,
    "completion-complete": NO_COMPLETIONS,
    "tools-call-image": TEXT_ONLY,
    "tools-call-audio": TEXT_ONLY,
    "tools-call-embedded-resource": TEXT_ONLY,
    "tools-call-mixed-content": TEXT_ONLY,
    "tools-call-with-progress": NO_PROGRESS,
    "tools-call-sampling": NO_SAMPLING,
    "tools-call-elicitation": NO_ELICITATION,
    "elicitation-sep1034-defaults": NO_ELICITATION,
    "elicitation-sep1330-enums": NO_ELICITATION,
    "resources-read-binary": TEXT_RESOURCES,
    "resources-templates-read": NO_USER_TEMPLATES,
    "resources-subscribe": NO_SUBSCRIBE,
    "resources-unsubscribe": NO_SUBSCRIBE,
    "prompts-list": NO_PROMPTS,
    "prompts-get-simple": NO_PROMPTS,
    "prompts-get-with-args": NO_PROMPTS,
    "prompts-get-embedded-resource": NO_PROMPTS,
    "prompts-get-with-image": NO_PROMPTS,
    "server-sse-polling": SHIM,
    "server-sse-multiple-streams": SHIM,
    "server-session-lifecycle": SHIM,
    "dns-rebinding-protection": SHIM,
    "http-header-validation": SHIM,
    "http-custom-header-server-validation": NO_XMCP_HEADER,
    "input-required-result-basic-elicitation": NO_INPUT_REQUIRED,
    "input-required-result-basic-sampling": NO_INPUT_REQUIRED,
    "input-required-result-basic-list-roots": NO_INPUT_REQUIRED,
    "input-required-result-request-state": NO_INPUT_REQUIRED,
    "input-required-result-multiple-input-requests": NO_INPUT_REQUIRED,
    "input-required-result-multi-round": NO_INPUT_REQUIRED,
    "input-required-result-missing-input-response": NO_INPUT_REQUIRED,
    "input-required-result-non-tool-request": NO_INPUT_REQUIRED,
    "input-required-result-result-type": NO_INPUT_REQUIRED,
    "input-required-result-unsupported-methods": NO_INPUT_REQUIRED,
    "input-required-result-tampered-state": NO_INPUT_REQUIRED,
    "input-required-result-capability-check": NO_INPUT_REQUIRED,
    "input-required-result-ignore-extra-params": NO_INPUT_REQUIRED,
    "input-required-result-validate-input": NO_INPUT_REQUIRED,
  },
  companion: {
    "logging-set-level": NO_LOGGING,
    "tools-call-with-logging": NO_LOGGING,
    "completion-complete": NO_COMPLETIONS,
    "tools-call-simple-text": COMPANION_TOOLS,
    "tools-call-error": COMPANION_TOOLS,
    "tools-call-image": COMPANION_TOOLS,
    "tools-call-audio": COMPANION_TOOLS,
    "tools-call-embedded-resource": COMPANION_TOOLS,
    "tools-call-mixed-content": COMPANION_TOOLS,
    "tools-call-with-progress": COMPANION_TOOLS,
    "tools-call-sampling": COMPANION_TOOLS,
    "tools-call-elicitation": COMPANION_TOOLS,
    "elicitation-sep1034-defaults": COMPANION_TOOLS,
    "elicitation-sep1330-enums": COMPANION_TOOLS,
    "json-schema-2020-12": COMPANION_TOOLS,
    "resources-list": COMPANION_RESOURCES,
    "resources-read-text": COMPANION_RESOURCES,
    "resources-read-binary": COMPANION_RESOURCES,
    "resources-templates-read": COMPANION_RESOURCES,
    "resources-subscribe": COMPANION_RESOURCES,
    "resources-unsubscribe": COMPANION_RESOURCES,
    "prompts-list": NO_PROMPTS,
    "prompts-get-simple": NO_PROMPTS,
    "prompts-get-with-args": NO_PROMPTS,
    "prompts-get-embedded-resource": NO_PROMPTS,
    "prompts-get-with-image": NO_PROMPTS,
  },
};

export const EXEMPT_CHECKS = {
  bridge: {
    caching: { "sep-2549-prompts-list-caching-hints": NO_PROMPTS },
    "server-stateless": {
      "sep-2575-server-rejects-undeclared-capability": "no request needs a client capability (" + NO_SAMPLING + ")",
      "sep-2575-missing-capability-http-400": "no request needs a client capability (" + NO_SAMPLING + ")",
      "sep-2575-http-server-no-independent-requests-on-stream": NO_ELICITATION,
      "sep-2575-server-no-log-without-loglevel": NO_LOGGING,
    },
  },
  companion: {
    "dns-rebinding-protection": {
      "localhost-host-valid-accepted":
        "the Gemini CLI IDE companion interface refuses every request carrying an Origin with 403 (unless the user lists it in allowed_origins); non-local Hosts are still refused",
    },
  },
};
