import Foundation
import MediaSearchCore
import MediaSearchKit
import TestSlots
import Testing

@Suite("Store URL (#26)", .slots)
struct StoreURLTests {
    @Test("libpq's URLs read, with its defaults")
    func reads() throws {
        let full = try StoreURL(parsing: "postgresql://team:p%40ss@db.example.net:6432/media?sslmode=require")
        #expect(full.host == "db.example.net" && full.port == 6432 && full.user == "team")
        #expect(full.password == "p@ss" && full.database == "media" && full.tls == .require)
        let bare = try StoreURL(parsing: "postgres://db")
        #expect(bare.user == "postgres" && bare.database == "postgres" && bare.port == 5432 && bare.tls == .prefer)
        #expect(bare.password == nil)
        let socket = try StoreURL(parsing: "postgresql://me@/library?host=/var/run/postgresql&port=5433")
        #expect(socket.host == nil && socket.socketPath == "/var/run/postgresql/.s.PGSQL.5433")
        #expect(socket.description == "postgresql://me@/library?host=/var/run/postgresql")
        let v6 = try StoreURL(parsing: "postgresql://u@[::1]:5432/d")
        #expect(v6.host == "::1" && v6.description == "postgresql://u@[::1]:5432/d")
    }

    @Test(
        "A URL that does not read says why in words, never repeating its password",
        arguments: [
            ("mysql://u:secret@h/d", "must start with postgresql://"),
            ("postgresql://u:secret@h:99999/d", "port '99999'"),
            ("postgresql://u:secret@/d", "names no host"),
            ("postgresql://u:secret@h/d?sslmode=always", "sslmode 'always'"),
            ("postgresql://u:secret@h/d?colour=blue", "unknown option 'colour'"),
            ("postgresql://u:secret@h/a/b", "has a '/'"),
            ("team:secret@db.example.net/media", "must start with postgresql://"),
        ])
    func problems(text: String, expected: String) {
        var configuration = Configuration()
        #expect {
            try configuration.useStore(text, from: "--store")
        } throws: { error in
            guard let error = error as? MediaSearchError else { return false }
            return error.description.contains(expected) && !error.description.contains("secret")
                && error.exitStatus == ExitStatus.config
        }
    }

    @Test("The password is shown as *** wherever the URL is shown")
    func redacted() throws {
        // One password inside another (S14): the longer is masked whole, not as `***2`.
        let nested = "postgresql://u:s3cr3t%2Dpw@h/d?PASSWORD=s3cr3t-pw2"
        #expect(StoreURL.redacted("'x' names s3cr3t-pw2 and s3cr3t-pw", url: nested) == "'x' names *** and ***")
        let url = try StoreURL(parsing: "postgresql://team:hunter2@db:5432/media")
        #expect(url.description == "postgresql://team:***@db:5432/media")
        #expect(
            StoreURL.redacted("postgres://a:b:c@h/d?password=x&sslmode=require")
                == "postgres://a:***@h/d?password=***&sslmode=require")
        // Odd places (#39): repeated, in capitals, after `;`, without `//`, and the message too.
        for odd in [
            "postgresql://h/d?password=secret1&password=secret2", "postgresql://h/d?PASSWORD=secret1;password=secret2",
            "postgresql:u:secret1@h/d?password=secret2", "postgresql://u:secret1@h/d?password=secret2",
            // S14: a name percent-encoded is still the password option, and is read as one.
            "postgresql://127.0.0.1:5432/db?user=u&pass%77ord=secret1&Pass%57ord=secret2",
            "postgresql://h/d?p%61ssword=secret1&password=secret2",
        ] {
            let shown = StoreURL.redacted("'\(odd)' names secret1 and secret2 again", url: odd)
            #expect(!shown.contains("secret1") && !shown.contains("secret2"), "\(shown) from \(odd)")
            #expect(throws: (any Error).self) {
                try ConfigurationLoader.load(
                    path: nil, environment: ["MEDIASEARCH_STORE": odd + "&bogus=1"], sourceTypes: [])
            }
            do {
                _ = try ConfigurationLoader.load(
                    path: nil, environment: ["MEDIASEARCH_STORE": odd + "&bogus=1"], sourceTypes: [])
            } catch {
                #expect(!"\(error)".contains("secret"), "\(error)")
            }
        }
        let config = try ConfigurationParser(file: "config.yaml", types: []).parse(
            "store: postgresql://team:hunter2@db/media\n")
        let shown = config.settings().first { $0.key == "store" }
        #expect(shown?.value == "postgresql://team:***@db:5432/media")
        #expect(shown?.origin == "config.yaml:1")
    }

    @Test("$MEDIASEARCH_STORE and $MEDIASEARCH_EGRESS_GROUP override the file")
    func environment() throws {
        let config = try ConfigurationLoader.load(
            path: nil,
            environment: ["MEDIASEARCH_STORE": "postgresql://u@h/d", "MEDIASEARCH_EGRESS_GROUP": "office-b"],
            sourceTypes: [])
        #expect(config.store?.host == "h" && config.egressGroup == "office-b")
        #expect(config.origins["store"] == "$MEDIASEARCH_STORE")
        #expect(throws: MediaSearchError.self) {
            try ConfigurationLoader.load(
                path: nil, environment: ["MEDIASEARCH_EGRESS_GROUP": "two words"], sourceTypes: [])
        }
    }
}
