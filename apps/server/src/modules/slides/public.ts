// What other modules may use of slides (lint/boundaries.js): nothing; slide decks are reached only over HTTP.
export {};
