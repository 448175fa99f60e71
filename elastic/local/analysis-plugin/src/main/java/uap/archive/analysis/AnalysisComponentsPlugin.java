package uap.archive.analysis;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.charfilter.MappingCharFilter;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilter;
import org.apache.lucene.analysis.ngram.EdgeNGramTokenFilter;
import org.apache.lucene.analysis.charfilter.NormalizeCharMap;
import org.apache.lucene.analysis.cjk.CJKAnalyzer;
import org.apache.lucene.analysis.cjk.CJKBigramFilter;
import org.apache.lucene.analysis.cjk.CJKWidthFilter;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.synonym.SolrSynonymParser;
import org.apache.lucene.analysis.synonym.SynonymFilter;
import org.apache.lucene.analysis.synonym.SynonymGraphFilter;
import org.apache.lucene.analysis.synonym.SynonymMap;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.env.Environment;
import org.elasticsearch.index.IndexService.IndexCreationContext;
import org.elasticsearch.index.IndexSettings;
import org.elasticsearch.index.analysis.AbstractIndexAnalyzerProvider;
import org.elasticsearch.index.analysis.Analysis;
import org.elasticsearch.index.analysis.AnalyzerProvider;
import org.elasticsearch.index.analysis.CharFilterFactory;
import org.elasticsearch.index.analysis.CustomAnalyzer;
import org.elasticsearch.index.analysis.NormalizingCharFilterFactory;
import org.elasticsearch.index.analysis.NormalizingTokenFilterFactory;
import org.elasticsearch.index.analysis.TokenFilterFactory;
import org.elasticsearch.index.analysis.TokenizerFactory;
import org.elasticsearch.indices.analysis.AnalysisModule.AnalysisProvider;
import org.elasticsearch.plugins.AnalysisPlugin;
import org.elasticsearch.plugins.Plugin;

/**
 * The analysis types our index settings use that Maven Central's Elasticsearch lacks, because they
 * live in the analysis-common module of the full distribution: the `english` and `cjk` analyzers,
 * the `mapping` char filter and the `stemmer`, `asciifolding`, `cjk_width`, `cjk_bigram`, `edge_ngram`, `synonym` and
 * `synonym_graph` token filters. Each wraps the same Lucene class that analysis-common wraps and reads the same settings,
 * so elastic/index/cases.settings.json analyzes text identically here and in the official image.
 * Only the settings our index uses are supported; anything else fails loudly rather than differ.
 * Only the local node loads this plugin.
 */
public class AnalysisComponentsPlugin extends Plugin implements AnalysisPlugin {

    @Override
    public Map<String, AnalysisProvider<AnalyzerProvider<? extends Analyzer>>> getAnalyzers() {
        return Map.of("english", analyzer(EnglishAnalyzer::new), "cjk", analyzer(CJKAnalyzer::new));
    }

    @Override
    public Map<String, AnalysisProvider<CharFilterFactory>> getCharFilters() {
        return Map.of("mapping", AnalysisPlugin.requiresAnalysisSettings(MappingCharFilterFactory::new));
    }

    @Override
    public Map<String, AnalysisProvider<TokenFilterFactory>> getTokenFilters() {
        return Map.of(
            "stemmer", StemmerFactory::new,
            "cjk_width", (indexSettings, env, name, settings) -> normalizing(name, CJKWidthFilter::new),
            "asciifolding", (indexSettings, env, name, settings) -> {
                if (settings.getAsBoolean("preserve_original", false)) {
                    throw new IllegalArgumentException("the local node's asciifolding does not support preserve_original");
                }
                return normalizing(name, ASCIIFoldingFilter::new);
            },
            "cjk_bigram", CjkBigramFactory::new,
            "edge_ngram", EdgeNGramFactory::new,
            "synonym", AnalysisPlugin.requiresAnalysisSettings((indexSettings, env, name, settings) -> new SynonymFactory(env, name, settings, false)),
            "synonym_graph", AnalysisPlugin.requiresAnalysisSettings((indexSettings, env, name, settings) -> new SynonymFactory(env, name, settings, true)));
    }

    private static AnalysisProvider<AnalyzerProvider<? extends Analyzer>> analyzer(Supplier<Analyzer> factory) {
        return (indexSettings, environment, name, settings) -> {
            Analyzer analyzer = factory.get();
            return new AbstractIndexAnalyzerProvider<Analyzer>(name, settings) {
                @Override
                public Analyzer get() {
                    return analyzer;
                }
            };
        };
    }

    private static TokenFilterFactory normalizing(String name, Function<TokenStream, TokenStream> filter) {
        return new NormalizingTokenFilterFactory() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public TokenStream create(TokenStream tokenStream) {
                return filter.apply(tokenStream);
            }
        };
    }

    /** `mapping`: rules `from => to`, inline (`mappings`) or from a file (`mappings_path`), as analysis-common parses them. */
    static final class MappingCharFilterFactory implements NormalizingCharFilterFactory {
        private static final Pattern RULE = Pattern.compile("(.*)\\s*=>\\s*(.*)\\s*$");
        private final String name;
        private final NormalizeCharMap map;

        MappingCharFilterFactory(IndexSettings indexSettings, Environment env, String name, Settings settings) {
            this.name = name;
            List<String> rules = Analysis.getWordList(env, settings, "mappings");
            if (rules == null) throw new IllegalArgumentException("mapping requires either `mappings` or `mappings_path` to be configured");
            NormalizeCharMap.Builder builder = new NormalizeCharMap.Builder();
            for (String rule : rules) {
                Matcher m = RULE.matcher(rule);
                if (!m.find()) throw new IllegalArgumentException("Invalid mapping rule : [" + rule + "]");
                String from = unescape(m.group(1).trim());
                String to = unescape(m.group(2).trim());
                if (from.isEmpty()) throw new IllegalArgumentException("Invalid mapping rule: [" + rule + "]. Replaced string cannot be empty");
                builder.add(from, to);
            }
            this.map = builder.build();
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public Reader create(Reader reader) {
            return new MappingCharFilter(map, reader);
        }

        /** The escapes analysis-common accepts: \\, \n, \t, \r, \b, \f and \\uXXXX. */
        private static String unescape(String s) {
            StringBuilder out = new StringBuilder(s.length());
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c != '\\' || i + 1 >= s.length()) {
                    out.append(c);
                    continue;
                }
                char next = s.charAt(++i);
                switch (next) {
                    case 'n' -> out.append('\n');
                    case 't' -> out.append('\t');
                    case 'r' -> out.append('\r');
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'u' -> {
                        if (i + 4 >= s.length()) throw new IllegalArgumentException("Invalid escaped char in [" + s + "]");
                        out.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
                        i += 4;
                    }
                    default -> out.append(next);
                }
            }
            return out.toString();
        }
    }

    /** `stemmer`, for the two languages the English analysis chain uses. */
    static final class StemmerFactory implements TokenFilterFactory {
        private final String name;
        private final Function<TokenStream, TokenStream> filter;

        StemmerFactory(IndexSettings indexSettings, Environment env, String name, Settings settings) {
            this.name = name;
            String language = settings.get("language", settings.get("name", "porter"));
            this.filter = switch (language) {
                case "english", "porter" -> PorterStemFilter::new;
                case "possessive_english" -> EnglishPossessiveFilter::new;
                default -> throw new IllegalArgumentException(
                    "the local node's stemmer supports only english, porter and possessive_english, not [" + language + "]");
            };
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public TokenStream create(TokenStream tokenStream) {
            return filter.apply(tokenStream);
        }
    }

    /** `cjk_bigram` with its `ignored_scripts` and `output_unigrams` settings. */
    static final class CjkBigramFactory implements TokenFilterFactory {
        private final String name;
        private final int flags;
        private final boolean outputUnigrams;

        CjkBigramFactory(IndexSettings indexSettings, Environment env, String name, Settings settings) {
            this.name = name;
            this.outputUnigrams = settings.getAsBoolean("output_unigrams", false);
            List<String> ignored = settings.getAsList("ignored_scripts");
            int flags = 0;
            if (!ignored.contains("han")) flags |= CJKBigramFilter.HAN;
            if (!ignored.contains("hiragana")) flags |= CJKBigramFilter.HIRAGANA;
            if (!ignored.contains("katakana")) flags |= CJKBigramFilter.KATAKANA;
            if (!ignored.contains("hangul")) flags |= CJKBigramFilter.HANGUL;
            this.flags = flags;
            if (outputUnigrams) throw new IllegalArgumentException("the local node's cjk_bigram does not support output_unigrams");
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public TokenStream create(TokenStream tokenStream) {
            return new CJKBigramFilter(tokenStream, flags, outputUnigrams);
        }
    }

    /** `edge_ngram` with `min_gram` (default 1), `max_gram` (default 2) and `preserve_original`, front side only. */
    static final class EdgeNGramFactory implements TokenFilterFactory {
        private final String name;
        private final int minGram;
        private final int maxGram;
        private final boolean preserveOriginal;

        EdgeNGramFactory(IndexSettings indexSettings, Environment env, String name, Settings settings) {
            this.name = name;
            this.minGram = settings.getAsInt("min_gram", 1);
            this.maxGram = settings.getAsInt("max_gram", 2);
            this.preserveOriginal = settings.getAsBoolean("preserve_original", false);
            if (!settings.get("side", "front").equals("front")) {
                throw new IllegalArgumentException("the local node's edge_ngram supports only side front");
            }
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public TokenStream create(TokenStream tokenStream) {
            return new EdgeNGramTokenFilter(tokenStream, minGram, maxGram, preserveOriginal);
        }

        @Override
        public TokenFilterFactory getSynonymFilter() {
            throw new IllegalArgumentException("Token filter [" + name + "] cannot be used to parse synonyms");
        }
    }

    /**
     * `synonym` and `synonym_graph` with Solr-format rules (`synonyms` inline or `synonyms_path`) and
     * `expand`. As in analysis-common, the rules are parsed with the analysis chain that precedes the
     * filter, so they match the tokens the text turns into (stems, bigrams, simplified characters).
     */
    @SuppressWarnings("deprecation") // SynonymFilter: what analysis-common's `synonym` type still uses
    static final class SynonymFactory implements TokenFilterFactory {
        private final String name;
        private final List<String> rules;
        private final boolean expand;
        private final boolean graph;

        SynonymFactory(Environment env, String name, Settings settings, boolean graph) {
            this.name = name;
            this.graph = graph;
            this.rules = Analysis.getWordList(env, settings, "synonyms");
            if (rules == null) throw new IllegalArgumentException("synonym requires either `synonyms` or `synonyms_path` to be configured");
            if (!settings.get("format", "solr").equals("solr") && !settings.get("format", "").isEmpty()) {
                throw new IllegalArgumentException("the local node's synonym filters support only the solr format");
            }
            this.expand = settings.getAsBoolean("expand", true);
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public TokenStream create(TokenStream tokenStream) {
            throw new IllegalStateException(name + " must be specialized for its analysis chain first");
        }

        @Override
        public TokenFilterFactory getChainAwareTokenFilterFactory(
            IndexCreationContext context,
            TokenizerFactory tokenizer,
            List<CharFilterFactory> charFilters,
            List<TokenFilterFactory> previousTokenFilters,
            Function<String, TokenFilterFactory> allFilters
        ) {
            Analyzer analyzer = new CustomAnalyzer(
                tokenizer,
                charFilters.toArray(new CharFilterFactory[0]),
                previousTokenFilters.stream().map(TokenFilterFactory::getSynonymFilter).toArray(TokenFilterFactory[]::new));
            SynonymMap synonyms = parse(analyzer);
            String filterName = name;
            return new TokenFilterFactory() {
                @Override
                public String name() {
                    return filterName;
                }

                @Override
                public TokenStream create(TokenStream tokenStream) {
                    if (synonyms.fst == null) return tokenStream;
                    return graph ? new SynonymGraphFilter(tokenStream, synonyms, false) : new SynonymFilter(tokenStream, synonyms, false);
                }

                @Override
                public TokenFilterFactory getSynonymFilter() {
                    return IDENTITY_FILTER;
                }
            };
        }

        private SynonymMap parse(Analyzer analyzer) {
            try {
                SolrSynonymParser parser = new SolrSynonymParser(true, expand, analyzer);
                parser.parse(new StringReader(String.join("\n", rules)));
                return parser.build();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (java.text.ParseException e) {
                throw new IllegalArgumentException("failed to build synonyms for [" + name + "]: " + e.getMessage(), e);
            }
        }
    }
}
