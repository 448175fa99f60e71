package uap.archive.analysis;

import java.util.Map;
import java.util.function.Supplier;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.cjk.CJKAnalyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.elasticsearch.index.analysis.AbstractIndexAnalyzerProvider;
import org.elasticsearch.index.analysis.AnalyzerProvider;
import org.elasticsearch.indices.analysis.AnalysisModule.AnalysisProvider;
import org.elasticsearch.plugins.AnalysisPlugin;
import org.elasticsearch.plugins.Plugin;

/**
 * Registers the analyzer types `english` and `cjk` with their default stop words, as the
 * analysis-common module of the full distribution does. Only the local node needs this.
 */
public class LanguageAnalyzersPlugin extends Plugin implements AnalysisPlugin {

    @Override
    public Map<String, AnalysisProvider<AnalyzerProvider<? extends Analyzer>>> getAnalyzers() {
        return Map.of(
            "english", provider(EnglishAnalyzer::new),
            "cjk", provider(CJKAnalyzer::new));
    }

    private static AnalysisProvider<AnalyzerProvider<? extends Analyzer>> provider(Supplier<Analyzer> factory) {
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
}
