import Foundation
import MediaSearchCore
import MediaSearchITunes
import MediaSearchKit
import TestSlots
import Testing

@Suite("Request URLs", .slots)
struct URLBuildingTests {
    let client = ITunesClient(baseURL: URL(string: "https://itunes.apple.com/")!, transport: NetworkTransport())

    @Test func searchURLHasEveryParameterInOrder() {
        let parameters = ITunesSearchParameters(
            term: "jack johnson", media: "music", entity: "song", attribute: "artistTerm", country: "GB",
            lang: "ja_jp", explicit: false, limit: 25, offset: 50)
        #expect(
            client.url(for: parameters).absoluteString
                == "https://itunes.apple.com/search?term=jack+johnson&media=music&entity=song&attribute=artistTerm"
                + "&country=GB&lang=ja_jp&explicit=No&limit=25&offset=50")
    }

    @Test func defaultsLeaveOutOptionalKeys() {
        let url = client.url(for: ITunesSearchParameters(term: "x", media: "movie")).absoluteString
        #expect(url == "https://itunes.apple.com/search?term=x&media=movie&country=US&explicit=Yes&limit=30")
    }

    @Test(arguments: [
        ("a&b=c#d", "a%26b%3Dc%23d"),
        ("100% + 1/2", "100%25+%2B+1%2F2"),
        ("\"quoted\" 'single'", "%22quoted%22+%27single%27"),
        ("café", "caf%C3%A9"),
        ("桜", "%E6%A1%9C"),
        ("🎸", "%F0%9F%8E%B8"),
        ("a.b-c_d*e", "a.b-c_d*e"),
        ("line\nbreak", "line%0Abreak"),
    ])
    func termEncoding(term: String, encoded: String) {
        #expect(ITunesURL.encode(term) == encoded)
        let url = client.url(for: ITunesSearchParameters(term: term, media: "all"))
        #expect(url.absoluteString.contains("term=\(encoded)&"))
    }

    @Test func limitIsClampedToTheAPIRange() {
        #expect(ITunesSearchParameters(term: "x", media: "music", limit: 0).limit == 1)
        #expect(ITunesSearchParameters(term: "x", media: "music", limit: 999).limit == 200)
    }

    @Test func lookupURL() {
        let parameters = ITunesLookupParameters(ids: [1, 2], entity: "podcastEpisode", limit: 5, country: "US")
        #expect(
            client.url(for: parameters).absoluteString
                == "https://itunes.apple.com/lookup?id=1,2&entity=podcastEpisode&limit=5&country=US"
                .replacingOccurrences(of: ",", with: "%2C"))
    }

    @Test func aVeryLongTermStillMakesAValidURL() {
        let term = String(repeating: "ж", count: 5000)
        let url = client.url(for: ITunesSearchParameters(term: term, media: "music"))
        #expect(url.absoluteString.count > 5000 * 4)
        #expect(url.host == "itunes.apple.com")
    }
}
