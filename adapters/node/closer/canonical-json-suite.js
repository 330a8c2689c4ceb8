'use strict';
// Suite closer.canonical-json (CONTRACT.md §7): answer → json, the canonical answer JSON.

const { suite, op, field, PORT } = require('../wire/suite-spec');
const canonical = require('./canonical-answer');

module.exports = suite('closer.canonical-json', [
  op(null, [field('answer', 'answer')], ['json'], (i) => ({ json: canonical.serialize(i.answer) })),
], PORT); // Concord's canonical JSON (closer/canonical-answer.js)
