// Written by Scripts/openapi from Schemas/openapi.json: do not edit.

/// The OpenAPI 3.1 document of the JSON API, served at `/openapi.json`.
enum OpenAPIDocument {
    static let json = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "MediaSearch",
            "version": "1",
            "description": "The JSON API of `mediasearch serve`: the same documents as the CLI's `--format json`. Provider filters are further query parameters by name (`artist`, `director`, ...), listed by /api/providers."
          },
          "servers": [
            {
              "url": "http://127.0.0.1:8080"
            }
          ],
          "paths": {
            "/api/search": {
              "get": {
                "summary": "Search every enabled kind (or one) at once.",
                "operationId": "search",
                "parameters": [
                  {
                    "name": "q",
                    "in": "query",
                    "required": true,
                    "description": "The search term. (A provider filter that can be the search itself may stand in for it, e.g. `?director=Greta+Gerwig`.)",
                    "schema": {
                      "type": "string",
                      "minLength": 1,
                      "maxLength": 500,
                      "pattern": "\\S"
                    }
                  },
                  {
                    "name": "kind",
                    "in": "query",
                    "description": "`all`, one enabled kind, or a kind of media or a source of enabled kinds (`song` asks every enabled source of songs); these are the default config's (see /api/providers).",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "",
                        "all",
                        "song",
                        "movie",
                        "audiobook",
                        "podcast"
                      ]
                    }
                  },
                  {
                    "name": "source",
                    "in": "query",
                    "description": "`all` or the source of an enabled kind (e.g. `deezer`); the default config's is itunes.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "",
                        "all",
                        "itunes"
                      ]
                    }
                  },
                  {
                    "name": "country",
                    "in": "query",
                    "description": "Storefront, a two-letter country code (default from config).",
                    "schema": {
                      "type": "string",
                      "pattern": "^([A-Za-z]{2})?$"
                    }
                  },
                  {
                    "name": "lang",
                    "in": "query",
                    "description": "Language of results (default from config; `default` is the store's).",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "",
                        "default",
                        "en_us",
                        "ja_jp"
                      ]
                    }
                  },
                  {
                    "name": "limit",
                    "in": "query",
                    "description": "Results per kind, 1-200 (default from config); a number out of range is clamped, and the document's notices say so.",
                    "schema": {
                      "type": "integer"
                    }
                  },
                  {
                    "name": "page",
                    "in": "query",
                    "schema": {
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 10000
                    }
                  },
                  {
                    "name": "sort",
                    "in": "query",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "",
                        "relevance",
                        "title",
                        "artist",
                        "price",
                        "date"
                      ]
                    }
                  },
                  {
                    "name": "reverse",
                    "in": "query",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "",
                        "on",
                        "off",
                        "true",
                        "false",
                        "1",
                        "0",
                        "yes",
                        "no"
                      ]
                    }
                  },
                  {
                    "name": "explicit",
                    "in": "query",
                    "description": "Include explicit content (default from config).",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "",
                        "on",
                        "off",
                        "true",
                        "false",
                        "1",
                        "0",
                        "yes",
                        "no"
                      ]
                    }
                  },
                  {
                    "name": "format",
                    "in": "query",
                    "description": "`json` (the default); `jsonl`, JSON lines (`application/x-ndjson`, the CLI's `--format jsonl`): a search's results written as its sources answer, each once, an `update` line when a later source has a result already written (its `kind`, `id` and `result` number, and every source it now has), and last an `end` line (`total`, `providers`, `hasMore`, `notices`); or the page as a file to download: `csv`, a table with a header row (RFC 4180; the CLI's `--format csv`), `m3u`, what the results can play as an extended M3U playlist (`--format m3u`), or `opml`, the podcasts' feeds (`--format opml`).",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "",
                        "json",
                        "jsonl",
                        "csv",
                        "m3u",
                        "opml"
                      ]
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "One page of results, in display order.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/SearchDocument"
                        }
                      },
                      "application/x-ndjson": {
                        "schema": {
                          "type": "string"
                        }
                      },
                      "text/csv": {
                        "schema": {
                          "type": "string"
                        }
                      },
                      "audio/x-mpegurl": {
                        "schema": {
                          "type": "string"
                        }
                      },
                      "text/x-opml": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "A parameter is wrong, or there is nothing to search for.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "502": {
                    "description": "The search could not run upstream.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/api/items/{kind}/{id}": {
              "get": {
                "summary": "The detail view of one item.",
                "operationId": "item",
                "parameters": [
                  {
                    "name": "kind",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string",
                      "pattern": "^[A-Za-z0-9._:-]{1,64}$"
                    }
                  },
                  {
                    "name": "explicit",
                    "in": "query",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "",
                        "on",
                        "off",
                        "true",
                        "false",
                        "1",
                        "0",
                        "yes",
                        "no"
                      ]
                    },
                    "description": "off censors names as a search with explicit content off shows them (default from config)."
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The item's sections.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DetailDocument"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The id is not a plain id, or explicit is neither on nor off.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such kind, or no item with that id.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "502": {
                    "description": "The item could not be fetched upstream.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/api/lists": {
              "get": {
                "summary": "Every list that holds something, and how many items.",
                "operationId": "lists",
                "responses": {
                  "200": {
                    "description": "The lists, by name.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ListSummaries"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/api/lists/{name}": {
              "get": {
                "summary": "A list's items, the latest added first, as a search's results.",
                "operationId": "list",
                "parameters": [
                  {
                    "name": "name",
                    "in": "path",
                    "required": true,
                    "description": "The list: `starred`, or a name: a letter or a digit, then up to 59 letters, digits, spaces, `.`, `_`, `'` or `-` (letters of the Latin, Greek, Cyrillic, Hebrew, Arabic, kana, CJK and Hangul blocks too).",
                    "schema": {
                      "type": "string",
                      "pattern": "^[\\u0030-\\u0039\\u0041-\\u005A\\u0061-\\u007A\\u00C0-\\u024F\\u0370-\\u03FF\\u0400-\\u04FF\\u05D0-\\u05EA\\u0620-\\u064A\\u3040-\\u30FF\\u4E00-\\u9FFF\\uAC00-\\uD7A3][\\u0030-\\u0039\\u0041-\\u005A\\u0061-\\u007A\\u00C0-\\u024F\\u0370-\\u03FF\\u0400-\\u04FF\\u05D0-\\u05EA\\u0620-\\u064A\\u3040-\\u30FF\\u4E00-\\u9FFF\\uAC00-\\uD7A3 ._'-]{0,59}$"
                    }
                  },
                  {
                    "name": "format",
                    "in": "query",
                    "description": "`json` (the default); `jsonl`, one result a line (`application/x-ndjson`); or the list as a file to download: `csv`, `m3u` or `opml`, as for a search.",
                    "schema": {
                      "type": "string",
                      "enum": [
                        "",
                        "json",
                        "jsonl",
                        "csv",
                        "m3u",
                        "opml"
                      ]
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The list.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ListDocument"
                        }
                      },
                      "application/x-ndjson": {
                        "schema": {
                          "type": "string"
                        }
                      },
                      "text/csv": {
                        "schema": {
                          "type": "string"
                        }
                      },
                      "audio/x-mpegurl": {
                        "schema": {
                          "type": "string"
                        }
                      },
                      "text/x-opml": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The name or the format is not one a list may have.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/api/lists/{name}/items/{kind}/{id}": {
              "parameters": [
                {
                  "name": "name",
                  "in": "path",
                  "required": true,
                  "description": "The list: `starred`, or a name: a letter or a digit, then up to 59 letters, digits, spaces, `.`, `_`, `'` or `-` (letters of the Latin, Greek, Cyrillic, Hebrew, Arabic, kana, CJK and Hangul blocks too).",
                  "schema": {
                    "type": "string",
                    "pattern": "^[\\u0030-\\u0039\\u0041-\\u005A\\u0061-\\u007A\\u00C0-\\u024F\\u0370-\\u03FF\\u0400-\\u04FF\\u05D0-\\u05EA\\u0620-\\u064A\\u3040-\\u30FF\\u4E00-\\u9FFF\\uAC00-\\uD7A3][\\u0030-\\u0039\\u0041-\\u005A\\u0061-\\u007A\\u00C0-\\u024F\\u0370-\\u03FF\\u0400-\\u04FF\\u05D0-\\u05EA\\u0620-\\u064A\\u3040-\\u30FF\\u4E00-\\u9FFF\\uAC00-\\uD7A3 ._'-]{0,59}$"
                  }
                },
                {
                  "name": "kind",
                  "in": "path",
                  "required": true,
                  "schema": {
                    "type": "string"
                  }
                },
                {
                  "name": "id",
                  "in": "path",
                  "required": true,
                  "schema": {
                    "type": "string",
                    "pattern": "^[A-Za-z0-9._:-]{1,64}$"
                  }
                }
              ],
              "get": {
                "summary": "Whether an item is in a list.",
                "operationId": "listItem",
                "responses": {
                  "200": {
                    "description": "Whether the item is listed now, and whether this changed it.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ListItem"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The list's name or the id is not one that may be.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such kind, no item with that id, or (GET) not in the list.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "502": {
                    "description": "The item could not be looked up upstream.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  }
                }
              },
              "put": {
                "summary": "Keeps an item in a list, with its whole record (looked up when this server has not seen it).",
                "operationId": "keepListItem",
                "responses": {
                  "200": {
                    "description": "Whether the item is listed now, and whether this changed it.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ListItem"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The list's name or the id is not one that may be.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such kind, no item with that id, or (GET) not in the list.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "502": {
                    "description": "The item could not be looked up upstream.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  }
                }
              },
              "delete": {
                "summary": "Takes an item off a list.",
                "operationId": "removeListItem",
                "responses": {
                  "200": {
                    "description": "Whether the item is listed now, and whether this changed it.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ListItem"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "The list's name or the id is not one that may be.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "404": {
                    "description": "No such kind, no item with that id, or (GET) not in the list.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  },
                  "502": {
                    "description": "The item could not be looked up upstream.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/api/providers": {
              "get": {
                "summary": "The kinds, whether enabled, and their filters.",
                "operationId": "providers",
                "responses": {
                  "200": {
                    "description": "Every registered kind.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ProviderCatalog"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/api/suggest": {
              "get": {
                "summary": "Earlier searches, then titles and creators seen, for what is typed.",
                "operationId": "suggest",
                "parameters": [
                  {
                    "name": "q",
                    "in": "query",
                    "schema": {
                      "type": "string",
                      "maxLength": 500
                    }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Suggestions, best first.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Suggestions"
                        }
                      }
                    }
                  },
                  "400": {
                    "description": "q is too long.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Error"
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "components": {
            "schemas": {
              "SearchResult": {
                "description": "One result; also each result line of --format jsonl (its other lines are update lines: $defs/update).",
                "type": "object",
                "required": [
                  "kind",
                  "media",
                  "id",
                  "title",
                  "subtitle",
                  "summary",
                  "facts",
                  "artworkUrl",
                  "url",
                  "creator",
                  "collection",
                  "price",
                  "currency",
                  "durationMs",
                  "releaseDate",
                  "year",
                  "genre",
                  "explicit",
                  "previewUrl",
                  "artwork",
                  "creatorId",
                  "collectionId",
                  "standardId",
                  "sources"
                ],
                "additionalProperties": false,
                "properties": {
                  "kind": {
                    "description": "The provider that found it (what show --kind takes): song, deezer-song, musicbrainz.",
                    "type": "string"
                  },
                  "media": {
                    "description": "The kind of media it is, the same whatever the source: song for song, deezer-song and musicbrainz; tv-show, book, radio-station. Null where unknown.",
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "id": {
                    "type": "string"
                  },
                  "title": {
                    "type": "string"
                  },
                  "subtitle": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "summary": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "facts": {
                    "description": "The result's facts, typed: the tile's, then the source's own it does not show (a standard id); summary is their English text.",
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/SearchFact"
                    }
                  },
                  "artworkUrl": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "url": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "creator": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "collection": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "price": {
                    "type": [
                      "number",
                      "null"
                    ]
                  },
                  "currency": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "durationMs": {
                    "type": [
                      "integer",
                      "null"
                    ]
                  },
                  "releaseDate": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "year": {
                    "type": [
                      "integer",
                      "null"
                    ]
                  },
                  "genre": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "explicit": {
                    "type": [
                      "boolean",
                      "null"
                    ]
                  },
                  "previewUrl": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "artwork": {
                    "description": "Artwork by named size: what a tile shows (thumbnail) and what a detail shows (large); null when there is none.",
                    "type": [
                      "object",
                      "null"
                    ],
                    "required": [
                      "thumbnail",
                      "large"
                    ],
                    "additionalProperties": false,
                    "properties": {
                      "thumbnail": {
                        "type": "string"
                      },
                      "large": {
                        "type": "string"
                      }
                    }
                  },
                  "creatorId": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "collectionId": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "standardId": {
                    "description": "The work's standard id, scheme first (isrc:GBAHS1400099, upc:5052498646524), from any of its sources.",
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "sources": {
                    "description": "Every source known to have the work: the result's own first (when known), then those merged into it.",
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/SearchSource"
                    }
                  }
                }
              },
              "SearchSource": {
                "description": "One source that has the work: its name for people, the provider (kind) and its id there, its page, price and preview.",
                "type": "object",
                "required": [
                  "source",
                  "kind",
                  "id",
                  "url",
                  "price",
                  "currency",
                  "previewUrl",
                  "facts"
                ],
                "additionalProperties": false,
                "properties": {
                  "source": {
                    "type": "string"
                  },
                  "kind": {
                    "type": "string"
                  },
                  "id": {
                    "type": "string"
                  },
                  "url": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "price": {
                    "type": [
                      "number",
                      "null"
                    ]
                  },
                  "currency": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "previewUrl": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "facts": {
                    "description": "What the source adds about the work, typed; a fact with an empty label (its album, its year) says its value alone.",
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/SearchFact"
                    }
                  }
                }
              },
              "SearchUpdate": {
                "description": "A line of --format jsonl (and of the JSON API's format=jsonl) written when a source answering later has a work written before: the number, kind and id that result was written with, and every source it now has. Never a second result for the same work.",
                "type": "object",
                "required": [
                  "update",
                  "sources"
                ],
                "additionalProperties": false,
                "properties": {
                  "update": {
                    "type": "object",
                    "required": [
                      "result",
                      "kind",
                      "id"
                    ],
                    "additionalProperties": false,
                    "properties": {
                      "result": {
                        "description": "The result's number as written (the first line is 1).",
                        "type": "integer",
                        "minimum": 1
                      },
                      "kind": {
                        "type": "string"
                      },
                      "id": {
                        "type": "string"
                      }
                    }
                  },
                  "sources": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/SearchSource"
                    }
                  }
                }
              },
              "SearchFact": {
                "description": "A typed fact (schemaVersion 3): its label, its type, its value as that type and its English text. text, count (value, unit), duration (seconds), language and country (value: an ISO code or a name), year (value), date (value, latest), rating (value, scale), id (value, scheme), list (values), money (amount, currency), status (value: the source's word), position (value, of).",
                "type": "object",
                "required": [
                  "label",
                  "type",
                  "text"
                ],
                "additionalProperties": false,
                "properties": {
                  "label": {
                    "type": "string"
                  },
                  "type": {
                    "enum": [
                      "text",
                      "count",
                      "duration",
                      "language",
                      "country",
                      "year",
                      "date",
                      "rating",
                      "id",
                      "list",
                      "money",
                      "status",
                      "position"
                    ]
                  },
                  "text": {
                    "description": "The value as the terminal writes it, in English.",
                    "type": "string"
                  },
                  "value": {
                    "type": [
                      "string",
                      "number",
                      "null"
                    ]
                  },
                  "values": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "unit": {
                    "description": "A count's unit, singular: track, page.",
                    "type": "string"
                  },
                  "seconds": {
                    "type": "number"
                  },
                  "amount": {
                    "type": [
                      "number",
                      "null"
                    ]
                  },
                  "currency": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "scheme": {
                    "description": "An id's scheme: isbn, upc, isrc.",
                    "type": "string"
                  },
                  "scale": {
                    "type": [
                      "number",
                      "null"
                    ]
                  },
                  "of": {
                    "description": "A position's total, when known.",
                    "type": [
                      "integer",
                      "null"
                    ]
                  },
                  "latest": {
                    "description": "A date that is the latest of several (a podcast's latest episode).",
                    "type": "boolean"
                  }
                }
              },
              "SearchDocument": {
                "title": "mediasearch search --format json",
                "type": "object",
                "required": [
                  "schemaVersion",
                  "query",
                  "results",
                  "providers",
                  "hasMore",
                  "offline",
                  "notices"
                ],
                "additionalProperties": false,
                "properties": {
                  "schemaVersion": {
                    "const": 3
                  },
                  "query": {
                    "type": "object",
                    "required": [
                      "term",
                      "filters",
                      "kinds",
                      "limit",
                      "offset",
                      "page",
                      "country",
                      "sort"
                    ],
                    "additionalProperties": false,
                    "properties": {
                      "term": {
                        "type": [
                          "string",
                          "null"
                        ]
                      },
                      "filters": {
                        "type": "object",
                        "additionalProperties": {
                          "type": "string"
                        }
                      },
                      "kinds": {
                        "type": "array",
                        "items": {
                          "type": "string"
                        }
                      },
                      "limit": {
                        "type": [
                          "integer",
                          "null"
                        ]
                      },
                      "offset": {
                        "type": "integer"
                      },
                      "page": {
                        "type": "integer"
                      },
                      "country": {
                        "type": "string"
                      },
                      "sort": {
                        "enum": [
                          "relevance",
                          "title",
                          "artist",
                          "price",
                          "date"
                        ]
                      }
                    }
                  },
                  "results": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/SearchResult"
                    }
                  },
                  "providers": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": [
                        "kind",
                        "count",
                        "error",
                        "elapsedMs"
                      ],
                      "additionalProperties": false,
                      "properties": {
                        "kind": {
                          "type": "string"
                        },
                        "count": {
                          "type": "integer"
                        },
                        "error": {
                          "type": [
                            "string",
                            "null"
                          ]
                        },
                        "elapsedMs": {
                          "type": "integer"
                        }
                      }
                    }
                  },
                  "hasMore": {
                    "type": "boolean"
                  },
                  "offline": {
                    "description": "null when the providers answered; set when the offline library did.",
                    "type": [
                      "object",
                      "null"
                    ],
                    "required": [
                      "results",
                      "records",
                      "fallback",
                      "reasons"
                    ],
                    "additionalProperties": false,
                    "properties": {
                      "results": {
                        "type": "integer"
                      },
                      "records": {
                        "type": "integer",
                        "description": "Records in the library in all."
                      },
                      "fallback": {
                        "type": "boolean",
                        "description": "true when every provider failed, false for --offline."
                      },
                      "reasons": {
                        "type": "array",
                        "items": {
                          "type": "object",
                          "required": [
                            "kinds",
                            "error"
                          ],
                          "additionalProperties": false,
                          "properties": {
                            "kinds": {
                              "type": "array",
                              "items": {
                                "type": "string"
                              }
                            },
                            "error": {
                              "type": "string"
                            }
                          }
                        }
                      }
                    }
                  },
                  "notices": {
                    "description": "What the search met besides its results, one line each (a shared store that is down, a limit clamped); the terminal says them on stderr.",
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  }
                }
              },
              "DetailItem": {
                "description": "An item inside a detail (a track, an episode, another work): its id opens it with show. Items made from a media item carry every key of a search result (search.schema.json#/$defs/result); others the tile's keys.",
                "type": "object",
                "required": [
                  "kind",
                  "id",
                  "title",
                  "subtitle",
                  "summary",
                  "artworkUrl",
                  "url",
                  "previewUrl"
                ],
                "additionalProperties": false,
                "properties": {
                  "kind": {
                    "type": "string"
                  },
                  "id": {
                    "type": "string"
                  },
                  "title": {
                    "type": "string"
                  },
                  "subtitle": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "summary": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "facts": {
                    "description": "The result's facts, typed: the tile's, then the source's own it does not show (a standard id); summary is their English text.",
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/DetailFact"
                    }
                  },
                  "artworkUrl": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "url": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "previewUrl": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "media": {
                    "description": "As a search result's media; null inside a detail.",
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "creator": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "collection": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "price": {
                    "type": [
                      "number",
                      "null"
                    ]
                  },
                  "currency": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "durationMs": {
                    "type": [
                      "integer",
                      "null"
                    ]
                  },
                  "releaseDate": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "year": {
                    "type": [
                      "integer",
                      "null"
                    ]
                  },
                  "genre": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "explicit": {
                    "type": [
                      "boolean",
                      "null"
                    ]
                  },
                  "artwork": {
                    "description": "Artwork by named size: what a tile shows (thumbnail) and what a detail shows (large); null when there is none.",
                    "type": [
                      "object",
                      "null"
                    ],
                    "required": [
                      "thumbnail",
                      "large"
                    ],
                    "additionalProperties": false,
                    "properties": {
                      "thumbnail": {
                        "type": "string"
                      },
                      "large": {
                        "type": "string"
                      }
                    }
                  },
                  "creatorId": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "collectionId": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "standardId": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "sources": {
                    "description": "Every source known to have the work: the result's own first (when known), then those merged into it.",
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": [
                        "source",
                        "kind",
                        "id",
                        "url",
                        "price",
                        "currency",
                        "previewUrl",
                        "facts"
                      ],
                      "additionalProperties": false,
                      "properties": {
                        "source": {
                          "type": "string"
                        },
                        "kind": {
                          "type": "string"
                        },
                        "id": {
                          "type": "string"
                        },
                        "url": {
                          "type": [
                            "string",
                            "null"
                          ]
                        },
                        "price": {
                          "type": [
                            "number",
                            "null"
                          ]
                        },
                        "currency": {
                          "type": [
                            "string",
                            "null"
                          ]
                        },
                        "previewUrl": {
                          "type": [
                            "string",
                            "null"
                          ]
                        },
                        "facts": {
                          "description": "What the source adds about the work, typed; a fact with an empty label (its album, its year) says its value alone.",
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/DetailFact"
                          }
                        }
                      }
                    }
                  }
                }
              },
              "DetailFact": {
                "description": "A typed fact (schemaVersion 3): its label, its type, its value as that type and its English text. text, count (value, unit), duration (seconds), language and country (value: an ISO code or a name), year (value), date (value, latest), rating (value, scale), id (value, scheme), list (values), money (amount, currency), status (value: the source's word), position (value, of).",
                "type": "object",
                "required": [
                  "label",
                  "type",
                  "text"
                ],
                "additionalProperties": false,
                "properties": {
                  "label": {
                    "type": "string"
                  },
                  "type": {
                    "enum": [
                      "text",
                      "count",
                      "duration",
                      "language",
                      "country",
                      "year",
                      "date",
                      "rating",
                      "id",
                      "list",
                      "money",
                      "status",
                      "position"
                    ]
                  },
                  "text": {
                    "description": "The value as the terminal writes it, in English.",
                    "type": "string"
                  },
                  "value": {
                    "type": [
                      "string",
                      "number",
                      "null"
                    ]
                  },
                  "values": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "unit": {
                    "description": "A count's unit, singular: track, page.",
                    "type": "string"
                  },
                  "seconds": {
                    "type": "number"
                  },
                  "amount": {
                    "type": [
                      "number",
                      "null"
                    ]
                  },
                  "currency": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "scheme": {
                    "description": "An id's scheme: isbn, upc, isrc.",
                    "type": "string"
                  },
                  "scale": {
                    "type": [
                      "number",
                      "null"
                    ]
                  },
                  "of": {
                    "description": "A position's total, when known.",
                    "type": [
                      "integer",
                      "null"
                    ]
                  },
                  "latest": {
                    "description": "A date that is the latest of several (a podcast's latest episode).",
                    "type": "boolean"
                  }
                }
              },
              "DetailDocument": {
                "title": "mediasearch show --format json",
                "type": "object",
                "required": [
                  "kind",
                  "id",
                  "title",
                  "sections",
                  "notices"
                ],
                "additionalProperties": false,
                "properties": {
                  "kind": {
                    "type": "string"
                  },
                  "id": {
                    "type": "string"
                  },
                  "title": {
                    "type": "string"
                  },
                  "sections": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": [
                        "title",
                        "rows",
                        "links",
                        "items"
                      ],
                      "additionalProperties": false,
                      "properties": {
                        "title": {
                          "type": "string"
                        },
                        "rows": {
                          "type": "array",
                          "items": {
                            "type": "object",
                            "required": [
                              "label",
                              "value",
                              "fact"
                            ],
                            "additionalProperties": false,
                            "properties": {
                              "label": {
                                "type": "string"
                              },
                              "value": {
                                "type": "string"
                              },
                              "values": {
                                "description": "The value as a list (a station's tags, a show's genres), when it is one; value joins them with ', '.",
                                "type": "array",
                                "items": {
                                  "type": "string"
                                }
                              },
                              "fact": {
                                "$ref": "#/components/schemas/DetailFact"
                              }
                            }
                          }
                        },
                        "links": {
                          "type": "array",
                          "items": {
                            "type": "object",
                            "required": [
                              "label",
                              "url"
                            ],
                            "additionalProperties": false,
                            "properties": {
                              "label": {
                                "type": "string"
                              },
                              "url": {
                                "type": "string"
                              }
                            }
                          }
                        },
                        "items": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/DetailItem"
                          }
                        }
                      }
                    }
                  },
                  "notices": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  }
                }
              },
              "Error": {
                "type": "object",
                "required": [
                  "error",
                  "status"
                ],
                "additionalProperties": false,
                "properties": {
                  "error": {
                    "type": "string",
                    "description": "One sentence for people."
                  },
                  "status": {
                    "type": "integer"
                  },
                  "notices": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    },
                    "description": "What else the search met (a shared store that is down), one line each."
                  }
                }
              },
              "ProviderCatalog": {
                "type": "object",
                "required": [
                  "providers"
                ],
                "additionalProperties": false,
                "properties": {
                  "providers": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": [
                        "kind",
                        "name",
                        "media",
                        "source",
                        "sourceName",
                        "enabled",
                        "limit",
                        "filters",
                        "settings"
                      ],
                      "additionalProperties": false,
                      "properties": {
                        "kind": {
                          "type": "string"
                        },
                        "name": {
                          "type": "string"
                        },
                        "media": {
                          "type": "string"
                        },
                        "source": {
                          "type": "string"
                        },
                        "sourceName": {
                          "type": "string"
                        },
                        "enabled": {
                          "type": "boolean"
                        },
                        "limit": {
                          "type": "integer"
                        },
                        "filters": {
                          "type": "array",
                          "items": {
                            "type": "object",
                            "required": [
                              "name",
                              "type",
                              "help",
                              "attribute"
                            ],
                            "additionalProperties": false,
                            "properties": {
                              "name": {
                                "type": "string"
                              },
                              "type": {
                                "type": "string"
                              },
                              "help": {
                                "type": "string"
                              },
                              "attribute": {
                                "type": [
                                  "string",
                                  "null"
                                ]
                              }
                            }
                          }
                        },
                        "settings": {
                          "type": "array",
                          "items": {
                            "type": "object",
                            "required": [
                              "name",
                              "type",
                              "help",
                              "value"
                            ],
                            "additionalProperties": false,
                            "properties": {
                              "name": {
                                "type": "string"
                              },
                              "type": {
                                "type": "string"
                              },
                              "help": {
                                "type": "string"
                              },
                              "value": {
                                "type": [
                                  "string",
                                  "null"
                                ]
                              }
                            }
                          }
                        }
                      }
                    }
                  }
                }
              },
              "ListDocument": {
                "type": "object",
                "required": [
                  "name",
                  "results"
                ],
                "additionalProperties": false,
                "properties": {
                  "name": {
                    "type": "string"
                  },
                  "results": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/SearchResult"
                    }
                  }
                }
              },
              "ListSummaries": {
                "type": "object",
                "required": [
                  "lists"
                ],
                "additionalProperties": false,
                "properties": {
                  "lists": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": [
                        "name",
                        "count"
                      ],
                      "additionalProperties": false,
                      "properties": {
                        "name": {
                          "type": "string"
                        },
                        "count": {
                          "type": "integer",
                          "minimum": 1
                        }
                      }
                    }
                  }
                }
              },
              "ListItem": {
                "type": "object",
                "required": [
                  "list",
                  "kind",
                  "id",
                  "listed",
                  "changed"
                ],
                "additionalProperties": false,
                "properties": {
                  "list": {
                    "type": "string"
                  },
                  "kind": {
                    "type": "string"
                  },
                  "id": {
                    "type": "string"
                  },
                  "listed": {
                    "type": "boolean"
                  },
                  "changed": {
                    "type": "boolean"
                  }
                }
              },
              "Suggestions": {
                "type": "object",
                "required": [
                  "suggestions"
                ],
                "additionalProperties": false,
                "properties": {
                  "suggestions": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  }
                }
              }
            }
          }
        }

        """#
}
