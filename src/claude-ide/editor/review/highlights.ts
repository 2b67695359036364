// The review's highlight groups, shared by its views (the overview of a multi-file review, the unified view):
// each a `default` link, so a colorscheme or the user's own `:highlight` wins. A colorscheme's `:hi clear`
// removes them: a view that shows them calls defineHighlights() again on ColorScheme.

/** An added line, a deleted line, and the changed text inside a changed line. */
export const DIFF_ADD = "ClaudeIdeDiffAdd";
export const DIFF_DELETE = "ClaudeIdeDiffDelete";
export const DIFF_TEXT = "ClaudeIdeDiffText";

/** Defines (again) the review's groups as default links to Neovim's diff groups. Cheap: call it freely. */
export function defineHighlights(): void {
  vim.api.nvim_set_hl(0, DIFF_ADD, { link: "DiffAdd", default: true });
  vim.api.nvim_set_hl(0, DIFF_DELETE, { link: "DiffDelete", default: true });
  vim.api.nvim_set_hl(0, DIFF_TEXT, { link: "DiffText", default: true });
}
