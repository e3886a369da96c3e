// Package adapter is the strictscope library: pure functions over JSON values that
// carry MCP tools to OpenAI function calling and the model's calls back.
//
// (The full rule set is documented below as it lands.)
package adapter
