"""The thirty-eighth held-out set's data: six files on three topics, each imitating a real export or download.

* `genome_Maya_Lindqvist_v5_Full_20240115083015.txt`: a 23andMe "raw data" download (chip v5): a block of
  `#` comment lines whose last line is the column header itself (`# rsid\tchromosome\tposition\tgenotype`),
  then one tab-separated marker a line on build 37 (GRCh37): rsIDs and 23andMe internal IDs (`i5001234`),
  chromosomes `1`-`22`, `X`, `Y`, `MT` in one column, genotypes on the plus strand with the two alleles in
  alphabetical order (`AG`), `--` for a no-call, `D`/`I` for indel calls, single letters on `MT`, every `Y`
  marker a no-call (the customer is a woman), a few positions carried twice (an rsID and an internal ID).
* `clinvar_20240312.vcf.gz`: a cut of NCBI ClinVar's weekly VCF release on GRCh38 (gzip): `##` meta lines,
  the `#CHROM` header, the ClinVar Variation ID in `ID` (not the rsID, which sits in `INFO` as `RS=`
  without its `rs`), `INFO` as `;`-separated `KEY=value` pairs (`CLNSIG`, `CLNREVSTAT` with commas inside,
  `GENEINFO` as `SYMBOL:GeneID|...`, `CLNVC`, `MC`, `CLNSIGCONF` ...), several records at one site.
* `collection.csv`: a BoardGameGeek "Export collection" CSV: one row per collection item (owned, previously
  owned, wishlist, want to play, or only played), status flags as 0/1, `rating` `N/A` when unrated, `rank`
  `Not Ranked` for expansions, prices in the currency of `pp_currency`, the same game owned twice in two
  versions, commas and line breaks inside quoted fields, CRLF line ends.
* `plays_meeplemarta.zip`: the same user's plays saved page by page from BGG's XML API 2
  (`/xmlapi2/plays?username=meeplemarta&page=N`, 100 plays a page, newest first): `quantity` above 1 for a
  play logged once for several games, `length="0"` when no length was entered, `incomplete`, players with
  `win`/`score` as strings, names typed in different cases, and plays logged while the pages were being
  fetched, so that a play at a page boundary appears on two pages (and `total` changes between pages).
* `OR_202310.VOL` and `OR_2023.STA`: a state DOT's TMAS submission in the FHWA Traffic Monitoring Guide's
  fixed-width formats: hourly volume ("3") records, 141 columns (state FIPS, functional class, 6-character
  station ID, direction code, lane code, two-digit year, month, day, day-of-week code with 1 = Sunday, 24
  five-digit hourly counts, restrictions code), and station description ("S") records, 167 columns, one per
  station and direction. Lane 0 is the lanes combined, and stations counted by lane carry both the lane
  records and the lane-0 record; days with a counting-device problem are kept with zero hours.

Every record is built first with the standard library from a fixed seed (one random stream per topic);
the files are then rendered from those records, so the same seed gives the same bytes. `truth()` returns
the clean records the references are computed from.

    python data.py DIR   # writes the six files into DIR
"""

from __future__ import annotations

import csv
import functools
import gzip
import io
import random
import sys
import zipfile
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

SEED = 38_611_247

GENOME_FILE = "genome_Maya_Lindqvist_v5_Full_20240115083015.txt"
CLINVAR_FILE = "clinvar_20240312.vcf.gz"
COLLECTION_FILE = "collection.csv"
PLAYS_FILE = "plays_meeplemarta.zip"
VOL_FILE = "OR_202310.VOL"
STA_FILE = "OR_2023.STA"
FILES = [GENOME_FILE, CLINVAR_FILE, COLLECTION_FILE, PLAYS_FILE, VOL_FILE, STA_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}-{topic}")


@dataclass
class Truth:
    markers: list[dict]  # the 23andMe rows, in file order
    clinvar: list[dict]  # the VCF records, in file order
    collection: list[dict]  # the collection rows, in file order
    plays: list[dict]  # every distinct play in the pages, newest first
    pages: list[dict]  # {'page', 'total', 'plays': [indexes into plays]} as saved
    stations: list[dict]  # the STA records (one per station and direction), in file order
    volumes: list[dict]  # the VOL records, in file order


# ==================================================================================================
# Personal genome: 23andMe raw data (build 37) and a ClinVar VCF (GRCh38)
# ==================================================================================================

CHROMS = [str(i) for i in range(1, 23)] + ["X", "Y", "MT"]
CHR_LEN37 = {"1": 249250621, "2": 243199373, "3": 198022430, "4": 191154276, "5": 180915260, "6": 171115067,
             "7": 159138663, "8": 146364022, "9": 141213431, "10": 135534747, "11": 135006516, "12": 133851895,
             "13": 115169878, "14": 107349540, "15": 102531392, "16": 90354753, "17": 81195210,
             "18": 78077248, "19": 59128983, "20": 63025520, "21": 48129895, "22": 51304566, "X": 155270560,
             "Y": 59373566, "MT": 16569}  # fmt: skip
REFSEQ38 = {"1": "NC_000001.11", "2": "NC_000002.12", "3": "NC_000003.12", "4": "NC_000004.12",
            "5": "NC_000005.10", "6": "NC_000006.12", "7": "NC_000007.14", "8": "NC_000008.11",
            "9": "NC_000009.12", "10": "NC_000010.11", "11": "NC_000011.10", "12": "NC_000012.12",
            "13": "NC_000013.11", "14": "NC_000014.9", "15": "NC_000015.10", "16": "NC_000016.10",
            "17": "NC_000017.11", "18": "NC_000018.10", "19": "NC_000019.10", "20": "NC_000020.11",
            "21": "NC_000021.9", "22": "NC_000022.11", "X": "NC_000023.11", "Y": "NC_000024.10",
            "MT": "NC_012920.1"}  # fmt: skip
BASES = "ACGT"
# (symbol, NCBI Gene ID, chromosome, length in kb, weight): real genes and IDs; loci and counts invented
GENES = [("BRCA1", 672, "17", 81, 7), ("BRCA2", 675, "13", 85, 10), ("TP53", 7157, "17", 19, 5),
         ("MLH1", 4292, "3", 57, 4), ("MSH2", 4436, "2", 80, 4), ("MSH6", 2956, "2", 24, 3),
         ("PMS2", 5395, "7", 36, 2), ("APC", 324, "5", 139, 4), ("ATM", 472, "11", 146, 6),
         ("CHEK2", 11200, "22", 54, 3), ("PALB2", 79728, "16", 38, 3), ("CFTR", 1080, "7", 189, 4),
         ("LDLR", 3949, "19", 44, 4), ("APOB", 338, "2", 43, 3), ("PCSK9", 255738, "1", 25, 1),
         ("MYH7", 4625, "14", 23, 3), ("MYBPC3", 4607, "11", 21, 3), ("KCNQ1", 3784, "11", 404, 2),
         ("KCNH2", 3757, "7", 33, 2), ("SCN5A", 6331, "3", 102, 3), ("RYR1", 6261, "19", 154, 3),
         ("RYR2", 6262, "1", 791, 3), ("TTN", 7273, "2", 281, 7), ("DMD", 1756, "X", 2220, 4),
         ("F8", 2157, "X", 187, 2), ("G6PD", 2539, "X", 16, 1), ("GJB2", 2706, "13", 5, 1),
         ("HBB", 3043, "11", 2, 1), ("HFE", 3077, "6", 10, 1), ("SERPINA1", 5265, "14", 14, 1),
         ("GBA1", 2629, "1", 10, 1), ("LRRK2", 120892, "12", 144, 2), ("PAH", 5053, "12", 79, 2),
         ("FBN1", 2200, "15", 238, 4), ("HEXA", 3073, "15", 33, 1), ("COL1A1", 1277, "17", 18, 2),
         ("NF1", 4763, "17", 283, 4), ("MUTYH", 4595, "1", 11, 2), ("RET", 5979, "10", 53, 2),
         ("PTEN", 5728, "10", 105, 2), ("VHL", 7428, "3", 10, 1), ("FGFR3", 2261, "4", 16, 1),
         ("NBN", 4683, "8", 51, 1), ("TSC1", 7248, "9", 53, 1), ("TSC2", 7249, "16", 41, 2),
         ("SMAD4", 4089, "18", 55, 1), ("GNAS", 2778, "20", 72, 1), ("CBS", 875, "21", 23, 1),
         ("NF2", 4771, "22", 95, 1)]  # fmt: skip
MT_GENES = [("MT-TL1", 4567, 3230, 3304), ("MT-ND1", 4535, 3307, 4262), ("MT-CO1", 4512, 5904, 7445),
            ("MT-ATP6", 4508, 8527, 9207), ("MT-CYB", 4519, 14747, 15887)]  # fmt: skip
DISEASES = {
    "BRCA1": ["Hereditary_breast_ovarian_cancer_syndrome", "Breast-ovarian_cancer,_familial,_susceptibility_to,_1"],
    "BRCA2": ["Hereditary_breast_ovarian_cancer_syndrome", "Breast-ovarian_cancer,_familial,_susceptibility_to,_2"],
    "TP53": ["Li-Fraumeni_syndrome"], "MLH1": ["Lynch_syndrome_1"], "MSH2": ["Lynch_syndrome_1"],
    "MSH6": ["Lynch_syndrome_5"], "PMS2": ["Lynch_syndrome_4"], "APC": ["Familial_adenomatous_polyposis_1"],
    "ATM": ["Ataxia-telangiectasia_syndrome"], "CFTR": ["Cystic_fibrosis"], "LDLR": ["Hypercholesterolemia,_familial,_1"],
    "APOB": ["Hypercholesterolemia,_autosomal_dominant,_type_B"], "MYH7": ["Hypertrophic_cardiomyopathy_1"],
    "MYBPC3": ["Hypertrophic_cardiomyopathy_4"], "KCNQ1": ["Long_QT_syndrome_1"], "KCNH2": ["Long_QT_syndrome_2"],
    "SCN5A": ["Brugada_syndrome_1"], "RYR1": ["Malignant_hyperthermia,_susceptibility_to,_1"],
    "TTN": ["Dilated_cardiomyopathy_1G"], "DMD": ["Duchenne_muscular_dystrophy"], "F8": ["Hereditary_factor_VIII_deficiency_disease"],
    "GJB2": ["Autosomal_recessive_nonsyndromic_hearing_loss_1A"], "HBB": ["beta_Thalassemia"],
    "HFE": ["Hemochromatosis_type_1"], "FBN1": ["Marfan_syndrome"], "NF1": ["Neurofibromatosis,_type_1"],
    "PAH": ["Phenylketonuria"], "MUTYH": ["MUTYH-associated_polyposis"],
}  # fmt: skip
GENERIC = ["not_provided", "not_specified", "Hereditary_cancer-predisposing_syndrome", "Cardiovascular_phenotype",
           "Inborn_genetic_diseases"]  # fmt: skip
MEDGEN = {"not_provided": "MedGen:CN517202", "not_specified": "MedGen:CN169374"}
MC_SNV = [("SO:0001583", "missense_variant", 40), ("SO:0001819", "synonymous_variant", 18),
          ("SO:0001627", "intron_variant", 20), ("SO:0001587", "nonsense", 6), ("SO:0001575", "splice_donor_variant", 3),
          ("SO:0001574", "splice_acceptor_variant", 3), ("SO:0001623", "5_prime_UTR_variant", 5),
          ("SO:0001624", "3_prime_UTR_variant", 5)]  # fmt: skip
SIG_NORMAL = [("Uncertain_significance", 30), ("Likely_benign", 22), ("Benign", 14), ("Benign/Likely_benign", 8),
              ("Pathogenic", 9), ("Likely_pathogenic", 5), ("Pathogenic/Likely_pathogenic", 3),
              ("Conflicting_classifications_of_pathogenicity", 7), ("not_provided", 1), ("drug_response", 0.5),
              ("risk_factor", 0.5)]  # fmt: skip
PLP = ("Pathogenic", "Likely_pathogenic", "Pathogenic/Likely_pathogenic")
REVSTAT_STARS = {"practice_guideline": 4, "reviewed_by_expert_panel": 3,
                 "criteria_provided,_multiple_submitters,_no_conflicts": 2,
                 "criteria_provided,_conflicting_classifications": 1, "criteria_provided,_single_submitter": 1,
                 "no_assertion_criteria_provided": 0, "no_classification_provided": 0}  # fmt: skip
VC_SO = {"single_nucleotide_variant": "SO:0001483", "Deletion": "SO:0000159", "Duplication": "SO:1000035",
         "Insertion": "SO:0000667", "Indel": "SO:1000032", "Microsatellite": "SO:0000289"}  # fmt: skip


def _pick(rng: random.Random, table: list[tuple]) -> tuple:
    return rng.choices(table, weights=[t[-1] for t in table])[0]


def _genotype(rng: random.Random, ref: str, alt: str, p: float) -> str:
    """A diploid call under Hardy-Weinberg, the two letters in alphabetical order."""
    u = rng.random()
    if u < p * p:
        return alt + alt
    if u < p * p + 2 * p * (1 - p):
        return "".join(sorted(ref + alt))
    return ref + ref


def _build_genome(rng: random.Random) -> tuple[list[dict], list[dict]]:
    """The chip's markers (build 37) and the ClinVar records (GRCh38, some at the markers)."""
    offset = {}
    for c in CHROMS:  # a constant build 37 -> 38 shift per chromosome (the real liftover is piecewise)
        offset[c] = 0 if c == "MT" else rng.choice([-1, 1]) * rng.randint(60_000, 2_300_000)
    taken: dict[str, set[int]] = {c: set() for c in CHROMS}

    def free_pos(c: str, lo: int, hi: int) -> int:
        while True:
            p = rng.randint(lo, hi)
            if all(p + d not in taken[c] for d in (-1, 0, 1)):
                taken[c].add(p)
                return p

    def lo_hi(c: str) -> tuple[int, int]:
        return max(60_000, -offset[c] + 60_000), CHR_LEN37[c] - 60_000 - max(0, offset[c])

    loci = {}
    for sym, gid, c, kb, w in GENES:
        lo, hi = lo_hi(c)
        start = rng.randint(lo + 2_000_000, hi - 2_000_000 - kb * 1000)
        loci[sym] = (c, start, start + kb * 1000, gid, w)
    for sym, gid, s, e in MT_GENES:
        loci[sym] = ("MT", s, e, gid, 1)

    rs_used: set[int] = set()

    def new_rs(lo: int = 3_000, hi: int = 780_000_000) -> int:
        while True:
            r = rng.randint(lo, hi)
            if r not in rs_used:
                rs_used.add(r)
                return r

    i_used: set[int] = set()

    def new_i() -> str:
        while True:
            r = rng.choice([rng.randint(3_000_001, 3_099_999), rng.randint(5_000_001, 5_099_999),
                            rng.randint(6_000_001, 6_099_999), rng.randint(7_000_001, 7_029_999)])  # fmt: skip
            if r not in i_used:
                i_used.add(r)
                return f"i{r}"

    markers: list[dict] = []

    def snp(c: str, pos: int, ident: str, p: float, clinical: str | None = None) -> dict:
        ref = rng.choice(BASES)
        alt = rng.choice([b for b in BASES if b != ref])
        if c == "Y":
            gt = "--"
        elif c == "MT":
            gt = "--" if rng.random() < 0.02 else (alt if rng.random() < p else ref)
        else:
            gt = "--" if rng.random() < 0.007 else _genotype(rng, ref, alt, p)
        m = {"id": ident, "chrom": c, "pos": pos, "kind": "snp", "ref": ref, "alt": alt, "gt": gt,
             "clinical": clinical, "p": p}  # fmt: skip
        markers.append(m)
        return m

    # clinical markers inside the genes (the chip carries many), all with rsIDs
    for sym, (c, s, e, _gid, w) in loci.items():
        n = 3 if c == "MT" else round(w * 7)
        for _ in range(n):
            snp(c, free_pos(c, s, e), f"rs{new_rs()}", rng.betavariate(0.4, 5), clinical=sym)
    # background markers
    counts = {c: round(20_300 * CHR_LEN37[c] / sum(CHR_LEN37[k] for k in CHROMS[:22])) for c in CHROMS[:22]}
    counts.update({"X": 640, "Y": 140, "MT": 95})
    twins = []
    for c in CHROMS:
        lo, hi = (1, 16_569) if c == "MT" else lo_hi(c)
        for _ in range(counts[c]):
            pos = free_pos(c, lo, hi)
            if c not in ("MT", "Y") and rng.random() < 0.012:
                gt = "--" if rng.random() < 0.015 else rng.choice(["DD", "DD", "DI", "II", "II", "II"])
                ident = new_i() if rng.random() < 0.85 else f"rs{new_rs()}"
                markers.append({"id": ident, "chrom": c, "pos": pos, "kind": "indel", "ref": "", "alt": "",
                                "gt": gt, "clinical": None, "p": 0.0})  # fmt: skip
                continue
            internal = rng.random() < 0.045
            m = snp(c, pos, new_i() if internal else f"rs{new_rs()}", rng.betavariate(0.6, 2.2))
            if not internal and c not in ("X", "Y", "MT") and rng.random() < 0.0045:
                twins.append(m)
    for m in twins:  # the same position carried again under an internal ID, with the same call
        markers.append(dict(m, id=new_i(), twin_of=m["id"]))
    order = {c: k for k, c in enumerate(CHROMS)}
    markers.sort(key=lambda m: (order[m["chrom"]], m["pos"], "twin_of" in m))
    for m in markers:
        m["pos38"] = m["pos"] + offset[m["chrom"]]

    # ---- ClinVar records ----
    records: list[dict] = []
    vids: set[int] = set()

    def new_vid() -> int:
        while True:
            v = rng.randint(12_000, 2_900_000)
            if v not in vids:
                vids.add(v)
                return v

    def carries(m: dict, alt: str) -> bool:
        return m["gt"] != "--" and alt in m["gt"]

    clinical = [m for m in markers if m["clinical"] and "twin_of" not in m]
    with_rec = [m for m in clinical if m["chrom"] == "MT" or rng.random() < 0.9]
    carried = [m for m in with_rec if carries(m, m["alt"]) and m["chrom"] != "MT"]
    k_carrier = rng.randint(4, 7)
    carrier_plp = set(id(m) for m in rng.sample(carried, k_carrier))
    for m in with_rec:
        if id(m) in carrier_plp:
            sig = rng.choice(PLP)
        else:
            while True:
                sig = _pick(rng, SIG_NORMAL)[0]
                if not (sig in PLP and carries(m, m["alt"])):
                    break
        records.append(_cv_record(rng, m["chrom"], m["pos38"], m["ref"], m["alt"], sig, m["clinical"], loci,
                                  int(m["id"][2:]), new_vid(), m))  # fmt: skip
        if rng.random() < 0.06:  # a second alternate allele at the same site, its own Variation ID
            alt3 = rng.choice([b for b in BASES if b not in (m["ref"], m["alt"])])
            sig3 = _pick(rng, SIG_NORMAL)[0]
            records.append(_cv_record(rng, m["chrom"], m["pos38"], m["ref"], alt3, sig3, m["clinical"], loci,
                                      int(m["id"][2:]), new_vid(), m))  # fmt: skip
    # records away from the markers
    pos37_of = {c: {m["pos"] for m in markers if m["chrom"] == c} for c in CHROMS}
    pos38_of = {c: {m["pos38"] for m in markers if m["chrom"] == c} for c in CHROMS}
    weights = [(sym, v[4] * (0.4 if v[0] == "MT" else 1)) for sym, v in loci.items()]
    for _ in range(2_350):
        sym = _pick(rng, weights)[0]
        c, s, e = loci[sym][:3]
        while True:
            pos = rng.randint(s, e) + offset[c]
            if pos not in pos37_of[c] and pos not in pos38_of[c]:
                break
        vc = "single_nucleotide_variant" if c == "MT" else _pick(rng, [
            ("single_nucleotide_variant", 78), ("Deletion", 11), ("Duplication", 5), ("Insertion", 2),
            ("Indel", 2), ("Microsatellite", 2)])[0]  # fmt: skip
        ref = rng.choice(BASES)
        if vc == "single_nucleotide_variant":
            alt = rng.choice([b for b in BASES if b != ref])
        elif vc in ("Deletion", "Microsatellite"):
            ref = ref + "".join(rng.choice(BASES) for _ in range(rng.randint(1, 12)))
            alt = ref[0]
        elif vc in ("Duplication", "Insertion"):
            alt = ref + "".join(rng.choice(BASES) for _ in range(rng.randint(1, 9)))
        else:
            ref = ref + "".join(rng.choice(BASES) for _ in range(rng.randint(1, 4)))
            alt = "".join(rng.choice(BASES) for _ in range(rng.randint(2, 4)))
            if alt == ref:
                alt = alt + "A"
        if vc == "single_nucleotide_variant":
            sig = _pick(rng, SIG_NORMAL)[0]
        else:
            sig = _pick(rng, [("Pathogenic", 30), ("Likely_pathogenic", 12), ("Pathogenic/Likely_pathogenic", 6),
                              ("Uncertain_significance", 28), ("Benign", 8), ("Likely_benign", 10),
                              ("Conflicting_classifications_of_pathogenicity", 6)])[0]  # fmt: skip
        rs = None if rng.random() < 0.15 else new_rs(1_000_000, 2_100_000_000)
        records.append(_cv_record(rng, c, pos, ref, alt, sig, sym, loci, rs, new_vid(), None, vc))
    for s in range(3):  # a few on Y, outside any gene listed above
        records.append(_cv_record(rng, "Y", 2_786_000 + offset["Y"] + 311 * s, "C", "T", "Pathogenic", None, loci,
                                  new_rs(1_000_000, 2_100_000_000), new_vid(), None,
                                  gene=("SRY", 6736)))  # fmt: skip
    records.sort(key=lambda r: (order[r["chrom"]], r["pos"], r["vid"]))
    return markers, records


def _cv_record(rng: random.Random, c: str, pos: int, ref: str, alt: str, sig: str, sym: str | None, loci: dict,
               rs: int | None, vid: int, marker: dict | None, vc: str = "single_nucleotide_variant",
               gene: tuple[str, int] | None = None) -> dict:  # fmt: skip
    if gene is None:
        gene = (sym, loci[sym][3])
    genes = [gene]
    if sig not in PLP and c != "MT" and rng.random() < 0.04:
        loc = rng.randint(100_000_000, 107_999_999)
        genes.append((f"LOC{loc}", loc))
    if sig == "Conflicting_classifications_of_pathogenicity":
        rev = "criteria_provided,_conflicting_classifications"
        a, b = rng.sample(["Pathogenic", "Likely_pathogenic", "Uncertain_significance", "Likely_benign", "Benign"], 2)
        conf = f"{a}({rng.randint(1, 4)})|{b}({rng.randint(1, 3)})"
    else:
        conf = None
        if sig == "not_provided":
            rev = "no_classification_provided"
        elif sig == "drug_response":
            rev = rng.choice(["practice_guideline", "reviewed_by_expert_panel", "criteria_provided,_single_submitter"])
        else:
            expert = gene[0] in ("BRCA1", "BRCA2", "LDLR", "MLH1", "MSH2", "PAH", "CFTR", "TP53")
            rev = _pick(rng, [("criteria_provided,_single_submitter", 50),
                              ("criteria_provided,_multiple_submitters,_no_conflicts", 30),
                              ("reviewed_by_expert_panel", 12 if expert else 1),
                              ("no_assertion_criteria_provided", 9)])[0]  # fmt: skip
    if c == "MT":
        dn = ["Mitochondrial_disease", "MELAS_syndrome", "Leber_optic_atrophy", "not_provided"]
        names = sorted(set(rng.sample(dn, rng.randint(1, 2))))
    else:
        own = DISEASES.get(gene[0], ["Inborn_genetic_diseases"])
        names = sorted(set(rng.sample(own, 1) + rng.sample(GENERIC, rng.randint(0, 2))))
    if sig in ("Benign", "Likely_benign", "Benign/Likely_benign") and rng.random() < 0.5:
        names = ["not_specified"] + [n for n in names if n != "not_specified"][:1]
    disdb = [MEDGEN.get(n, f"MedGen:C{rng.randint(10_000, 4_999_999):07d}") for n in names]
    if vc == "single_nucleotide_variant":
        hg = f"{REFSEQ38[c]}:{'m' if c == 'MT' else 'g'}.{pos}{ref}>{alt}"
        if sig in PLP:
            mc = _pick(rng, [(x[0], x[1], w) for x, w in zip(MC_SNV, [20, 1, 2, 30, 20, 20, 1, 1])])
        else:
            mc = _pick(rng, MC_SNV)
        mcs = [mc[:2]]
    else:
        if vc in ("Deletion", "Microsatellite"):
            hg = (
                f"{REFSEQ38[c]}:g.{pos + 1}_{pos + len(ref) - 1}del"
                if len(ref) > 2
                else f"{REFSEQ38[c]}:g.{pos + 1}del"
            )
        elif vc == "Duplication":
            hg = (
                f"{REFSEQ38[c]}:g.{pos + 1}_{pos + len(alt) - 1}dup"
                if len(alt) > 2
                else f"{REFSEQ38[c]}:g.{pos + 1}dup"
            )
        elif vc == "Insertion":
            hg = f"{REFSEQ38[c]}:g.{pos}_{pos + 1}ins{alt[1:]}"
        else:
            hg = f"{REFSEQ38[c]}:g.{pos}_{pos + len(ref) - 1}delins{alt}"
        mcs = [("SO:0001589", "frameshift_variant")] if rng.random() < 0.7 else [("SO:0001627", "intron_variant")]
    if rng.random() < 0.15:
        mcs.append(
            ("SO:0001627", "intron_variant") if mcs[0][1] != "intron_variant" else ("SO:0001623", "5_prime_UTR_variant")
        )
    af = None
    if marker is not None and rng.random() < 0.6:
        p = max(marker["p"], 0.00002)
        af = tuple(round(p * rng.uniform(0.8, 1.2), 5) for _ in range(3))
    return {"chrom": c, "pos": pos, "vid": vid, "ref": ref, "alt": alt, "alleleid": vid + rng.randint(-9000, 9000) + 15_000,
            "sig": sig, "revstat": rev, "conf": conf, "vc": vc, "genes": genes, "rs": rs, "mc": mcs, "dn": names,
            "disdb": disdb, "hgvs": hg, "af": af, "marker": marker["id"] if marker else None}  # fmt: skip


GENOME_HEADER = """# This data file generated by 23andMe at: Mon Jan 15 08:30:15 2024
#
# This file contains raw genotype data, including data that is not used in 23andMe reports.
# This data has undergone a general quality review however only a subset of markers have been
# individually validated for accuracy. As such, this data is suitable only for research,
# educational, and informational use and not for medical or other use.
#
# Below is a text version of your data.  Fields are TAB-separated
# Each line corresponds to a single SNP.  For each SNP, we provide its identifier
# (an rsid or an internal id), its location on the reference human genome, and the
# genotype call oriented with respect to the plus strand on the human reference sequence.
# We are using reference human assembly build 37 (also known as Annotation Release 104).
# Note that it is possible that data downloaded at different times may be different due to ongoing
# improvements in our ability to call genotypes. More information about these changes can be found at:
# https://you.23andme.com/p/8f2c41a7d09b3e65/tools/data/download/
#
# More information on reference human assembly builds:
# https://www.ncbi.nlm.nih.gov/assembly/GCF_000001405.13/
#
# rsid\tchromosome\tposition\tgenotype
"""


def _write_genome(t: Truth, d: Path) -> None:
    out = [GENOME_HEADER]
    out += [f"{m['id']}\t{m['chrom']}\t{m['pos']}\t{m['gt']}\n" for m in t.markers]
    (d / GENOME_FILE).write_bytes("".join(out).encode("ascii"))


VCF_META = """##fileformat=VCFv4.1
##fileDate=2024-03-12
##source=ClinVar
##reference=GRCh38
##ID=<Description="ClinVar Variation ID">
##INFO=<ID=AF_ESP,Number=1,Type=Float,Description="allele frequencies from GO-ESP">
##INFO=<ID=AF_EXAC,Number=1,Type=Float,Description="allele frequencies from ExAC">
##INFO=<ID=AF_TGP,Number=1,Type=Float,Description="allele frequencies from TGP">
##INFO=<ID=ALLELEID,Number=1,Type=Integer,Description="the ClinVar Allele ID">
##INFO=<ID=CLNDN,Number=.,Type=String,Description="ClinVar's preferred disease name for the concept specified by disease identifiers in CLNDISDB">
##INFO=<ID=CLNDISDB,Number=.,Type=String,Description="Tag-value pairs of disease database name and identifier submitted for germline classifications, e.g. OMIM:NNNNNN">
##INFO=<ID=CLNHGVS,Number=.,Type=String,Description="Top-level (primary assembly, alt, or patch) HGVS expression.">
##INFO=<ID=CLNREVSTAT,Number=.,Type=String,Description="ClinVar review status of germline classification for the Variation ID">
##INFO=<ID=CLNSIG,Number=.,Type=String,Description="Aggregate germline classification for this single variant; multiple values are separated by a vertical bar">
##INFO=<ID=CLNSIGCONF,Number=.,Type=String,Description="Conflicting germline classification for this single variant; multiple values are separated by a vertical bar">
##INFO=<ID=CLNVC,Number=1,Type=String,Description="Variant type">
##INFO=<ID=CLNVCSO,Number=1,Type=String,Description="Sequence Ontology id for variant type">
##INFO=<ID=GENEINFO,Number=1,Type=String,Description="Gene(s) for the variant reported as gene symbol:gene id. The gene symbol and id are delimited by a colon (:) and each pair is delimited by a vertical bar (|)">
##INFO=<ID=MC,Number=.,Type=String,Description="comma separated list of molecular consequence in the form of Sequence Ontology ID|molecular_consequence">
##INFO=<ID=ORIGIN,Number=.,Type=String,Description="Allele origin. One or more of the following values may be added: 0 - unknown; 1 - germline; 2 - somatic; 4 - inherited; 8 - paternal; 16 - maternal; 32 - de-novo; 64 - biparental; 128 - uniparental; 256 - not-tested; 512 - tested-inconclusive; 1073741824 - other">
##INFO=<ID=RS,Number=.,Type=String,Description="dbSNP ID (i.e. rs number)">
"""


def vcf_line(r: dict) -> str:
    info = []
    if r["af"]:
        info += [f"AF_ESP={r['af'][0]:.5f}", f"AF_EXAC={r['af'][1]:.5f}", f"AF_TGP={r['af'][2]:.5f}"]
    info += [f"ALLELEID={r['alleleid']}", f"CLNDISDB={'|'.join(r['disdb'])}", f"CLNDN={'|'.join(r['dn'])}",
             f"CLNHGVS={r['hgvs']}", f"CLNREVSTAT={r['revstat']}", f"CLNSIG={r['sig']}"]  # fmt: skip
    if r["conf"]:
        info.append(f"CLNSIGCONF={r['conf']}")
    info += [f"CLNVC={r['vc']}", f"CLNVCSO={VC_SO[r['vc']]}",
             f"GENEINFO={'|'.join(f'{s}:{g}' for s, g in r['genes'])}",
             f"MC={','.join(f'{a}|{b}' for a, b in r['mc'])}", "ORIGIN=1"]  # fmt: skip
    if r["rs"] is not None:
        info.append(f"RS={r['rs']}")
    return "\t".join([r["chrom"], str(r["pos"]), str(r["vid"]), r["ref"], r["alt"], ".", ".", ";".join(info)]) + "\n"


def _write_clinvar(t: Truth, d: Path) -> None:
    text = VCF_META + "".join(f"##contig=<ID={c}>\n" for c in CHROMS)
    text += "#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\n" + "".join(vcf_line(r) for r in t.clinvar)
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, mtime=0) as gz:
        gz.write(text.encode("ascii"))
    (d / CLINVAR_FILE).write_bytes(buf.getvalue())


# ==================================================================================================
# Board games: BoardGameGeek collection export and the XML API's plays pages
# ==================================================================================================

BG_USER, BG_USERID, BG_NAME = "meeplemarta", 2841637, "Marta"
BG_FETCHED = date(2024, 6, 16)
BG_LONG_GAME = "Wingspan"  # the average-length question's game (logged one play at a time)
USD_EUR, GBP_EUR = 0.92, 1.17
# name, objectid, kind (b base, e expansion), year, minp, maxp, minutes, avg weight, avg rating, rank,
# flags (c co-op, f filler, s solo), status, original name. Titles and IDs real as remembered; numbers approximate.
GAMES = [
    ("Catan", 13, "b", 1995, 3, 4, 120, 2.29, 7.09, 548, "", "own2", "Die Siedler von Catan"),
    ("Carcassonne", 822, "b", 2000, 2, 5, 45, 1.90, 7.41, 225, "", "own2", ""),
    ("Azul", 230802, "b", 2017, 2, 4, 45, 1.76, 7.74, 86, "", "own2", ""),
    ("Ticket to Ride", 9209, "b", 2004, 2, 5, 60, 1.83, 7.38, 228, "", "own", ""),
    ("Wingspan", 266192, "b", 2019, 1, 5, 70, 2.45, 8.04, 30, "s", "own", ""),
    ("Terraforming Mars", 167791, "b", 2016, 1, 5, 120, 3.26, 8.36, 7, "s", "own", ""),
    ("Gloomhaven", 174430, "b", 2017, 1, 4, 120, 3.91, 8.59, 4, "cs", "own", ""),
    ("Pandemic", 30549, "b", 2008, 2, 4, 45, 2.40, 7.58, 142, "c", "own", ""),
    ("7 Wonders", 68448, "b", 2010, 2, 7, 30, 2.32, 7.67, 110, "", "own", ""),
    ("Dominion", 36218, "b", 2008, 2, 4, 30, 2.35, 7.60, 136, "", "prev", ""),
    ("Codenames", 178900, "b", 2015, 2, 8, 15, 1.27, 7.56, 172, "f", "own", ""),
    ("Splendor", 148228, "b", 2014, 2, 4, 30, 1.78, 7.40, 229, "", "own", ""),
    ("Brass: Birmingham", 224517, "b", 2018, 2, 4, 120, 3.87, 8.59, 1, "", "own", ""),
    ("Everdell", 199792, "b", 2018, 1, 4, 80, 2.81, 8.04, 37, "s", "own", ""),
    ("Scythe", 169786, "b", 2016, 1, 5, 115, 3.45, 8.14, 22, "s", "own", ""),
    ("Spirit Island", 162886, "b", 2017, 1, 4, 120, 4.07, 8.33, 11, "cs", "own", ""),
    ("The Crew: The Quest for Planet Nine", 284083, "b", 2019, 2, 5, 20, 1.97, 7.80, 75, "cf", "own", "Die Crew: Reist gemeinsam zum 9. Planeten"),
    ("Cascadia", 295947, "b", 2021, 1, 4, 45, 1.85, 7.95, 54, "s", "own", ""),
    ("Ark Nova", 342942, "b", 2021, 1, 4, 150, 3.77, 8.54, 3, "s", "own", ""),
    ("Heat: Pedal to the Metal", 366013, "b", 2022, 1, 6, 60, 2.19, 8.05, 29, "", "own", ""),
    ("The Quacks of Quedlinburg", 244521, "b", 2018, 2, 4, 45, 1.94, 7.83, 66, "", "own", "Die Quacksalber von Quedlinburg"),
    ("Patchwork", 163412, "b", 2014, 2, 2, 30, 1.61, 7.62, 118, "", "own", ""),
    ("Kingdomino", 204583, "b", 2016, 2, 4, 15, 1.22, 7.33, 262, "f", "own", ""),
    ("Sagrada", 199561, "b", 2017, 1, 4, 40, 1.92, 7.49, 190, "", "own", ""),
    ("Root", 237182, "b", 2018, 2, 4, 90, 3.80, 8.07, 27, "", "own", ""),
    ("Agricola", 31260, "b", 2007, 1, 5, 150, 3.64, 7.92, 47, "", "prev", ""),
    ("Puerto Rico", 3076, "b", 2002, 3, 5, 150, 3.27, 7.98, 52, "", "prev", ""),
    ("Dune: Imperium", 316554, "b", 2020, 1, 4, 120, 3.03, 8.43, 8, "", "own", ""),
    ("Lost Ruins of Arnak", 312484, "b", 2020, 1, 4, 120, 2.91, 8.08, 26, "s", "own", ""),
    ("Viticulture Essential Edition", 183394, "b", 2015, 1, 6, 90, 2.89, 8.02, 28, "", "own", ""),
    ("Concordia", 124361, "b", 2013, 2, 5, 100, 3.00, 8.11, 21, "", "own", ""),
    ("Great Western Trail", 193738, "b", 2016, 2, 4, 150, 3.70, 8.18, 23, "", "own", ""),
    ("Hanabi", 98778, "b", 2010, 2, 5, 25, 1.68, 7.04, 451, "cf", "own", ""),
    ("Jaipur", 54043, "b", 2009, 2, 2, 30, 1.47, 7.46, 193, "f", "own", ""),
    ("Love Letter", 129622, "b", 2012, 2, 4, 20, 1.19, 7.22, 336, "f", "own", ""),
    ("Sushi Go!", 133473, "b", 2013, 2, 5, 15, 1.16, 7.00, 548, "f", "prev", ""),
    ("Dixit", 39856, "b", 2008, 3, 6, 30, 1.21, 7.28, 296, "f", "own", ""),
    ("Skull", 92415, "b", 2011, 3, 6, 45, 1.13, 7.18, 380, "f", "own", ""),
    ("Cartographers", 263918, "b", 2019, 1, 100, 45, 1.88, 7.59, 160, "s", "own", ""),
    ("Just One", 254640, "b", 2018, 3, 7, 20, 1.05, 7.57, 163, "cf", "own", ""),
    ("The Castles of Burgundy", 84876, "b", 2011, 2, 4, 90, 2.99, 8.11, 20, "", "own", "Die Burgen von Burgund"),
    ("Istanbul", 148949, "b", 2014, 2, 5, 60, 2.58, 7.59, 150, "", "prev", ""),
    ("Orléans", 164928, "b", 2014, 2, 4, 90, 3.04, 7.99, 45, "", "own", ""),
    ("Power Grid", 2651, "b", 2004, 2, 6, 120, 3.26, 7.83, 48, "", "own", "Funkenschlag"),
    ("Small World", 40692, "b", 2009, 2, 5, 80, 2.35, 7.26, 323, "", "prev", ""),
    ("King of Tokyo", 70323, "b", 2011, 2, 6, 30, 1.49, 7.14, 401, "f", "own", ""),
    ("Mysterium", 181304, "b", 2015, 2, 7, 42, 1.90, 7.25, 330, "c", "own", ""),
    ("Takenoko", 70919, "b", 2011, 2, 4, 45, 1.98, 7.27, 316, "", "prev", ""),
    ("7 Wonders Duel", 173346, "b", 2015, 2, 2, 30, 2.22, 8.09, 19, "", "own", ""),
    ("Pandemic Legacy: Season 1", 161936, "b", 2015, 2, 4, 60, 2.83, 8.51, 2, "c", "own", ""),
    ("Gloomhaven: Jaws of the Lion", 291457, "b", 2020, 1, 4, 120, 3.63, 8.43, 10, "cs", "own", ""),
    ("Ticket to Ride: Europe", 14996, "b", 2005, 2, 5, 60, 1.91, 7.53, 139, "", "own", ""),
    ("Azul: Summer Pavilion", 287954, "b", 2019, 2, 4, 45, 1.86, 7.78, 120, "", "seen", ""),
    ("The Mind", 244992, "b", 2018, 2, 4, 20, 1.09, 6.81, 900, "cf", "own", ""),
    ("Terra Mystica", 120677, "b", 2012, 2, 5, 150, 3.96, 8.10, 25, "", "own", ""),
    ("Twilight Imperium: Fourth Edition", 233078, "b", 2017, 3, 6, 480, 4.27, 8.59, 5, "", "play", ""),
    ("Clank!: A Deck-Building Adventure", 201808, "b", 2016, 2, 4, 60, 2.24, 7.77, 112, "", "seen", ""),
    ("Decrypto", 225694, "b", 2018, 3, 8, 45, 1.78, 7.78, 131, "f", "own", ""),
    ("Codenames: Duet", 224037, "b", 2017, 2, 2, 15, 1.27, 7.54, 190, "cf", "own", ""),
    ("The Search for Planet X", 279537, "b", 2020, 1, 4, 75, 2.43, 7.82, 199, "", "seen", ""),
    ("Earth", 350184, "b", 2023, 1, 5, 90, 2.84, 7.88, 215, "s", "own", ""),
    ("Nemesis", 167355, "b", 2018, 1, 5, 180, 3.43, 8.30, 17, "", "play", ""),
    ("Marvel Champions: The Card Game", 285774, "b", 2019, 1, 4, 90, 2.98, 8.26, 34, "cs", "own", ""),
    ("Bohnanza", 11, "b", 1997, 2, 7, 45, 1.65, 7.11, 520, "", "own", ""),
    ("Tichu", 215, "b", 1991, 4, 4, 60, 2.35, 7.58, 197, "", "own", ""),
    ("Qwixx", 131260, "b", 2012, 2, 5, 15, 1.07, 6.80, 1050, "f", "own", ""),
    ("Harmonies", 414317, "b", 2024, 1, 4, 45, 1.82, 7.85, 390, "s", "wish1", ""),
    ("SETI: Search for Extraterrestrial Intelligence", 418059, "b", 2024, 1, 4, 160, 3.86, 8.45, 600, "", "wish1", ""),
    ("Arcs", 359871, "b", 2024, 2, 4, 120, 3.50, 8.15, 420, "", "wish2", ""),
    ("Sky Team", 373106, "b", 2023, 2, 2, 20, 1.90, 7.92, 140, "c", "seen", ""),
    ("Forest Shuffle", 391163, "b", 2023, 2, 5, 60, 2.07, 7.76, 210, "", "own", "Mischwald"),
    ("Challengers!", 359970, "b", 2022, 1, 8, 45, 1.63, 7.64, 280, "", "own", ""),
    ("The White Castle", 371942, "b", 2023, 1, 4, 80, 2.95, 7.92, 98, "", "wish1", ""),
    ("Revive", 332800, "b", 2022, 1, 4, 120, 3.13, 7.93, 230, "", "wish3", ""),
    ("Frosthaven", 295770, "b", 2022, 1, 4, 120, 4.43, 8.78, 36, "c", "wish4", ""),
    ("Brass: Lancashire", 28720, "b", 2007, 2, 4, 120, 3.86, 8.18, 18, "", "wish2", ""),
    ("Barrage", 251247, "b", 2019, 1, 4, 120, 4.01, 8.20, 24, "", "wish3", ""),
    ("Underwater Cities", 247763, "b", 2018, 1, 4, 150, 3.24, 8.10, 33, "s", "wish2", ""),
    ("Terraforming Mars: Ares Expedition", 328871, "b", 2021, 1, 4, 60, 2.40, 7.80, 320, "", "wish5", ""),
    ("Beyond the Sun", 317985, "b", 2020, 2, 4, 120, 3.24, 8.00, 90, "", "wish4", ""),
    ("Mansions of Madness: Second Edition", 205059, "b", 2016, 1, 5, 180, 2.67, 8.03, 60, "c", "play", ""),
    ("Paleo", 300531, "b", 2020, 1, 4, 45, 2.17, 7.80, 150, "c", "play", ""),
    ("Hansa Teutonica", 43015, "b", 2009, 2, 5, 90, 3.28, 7.75, 140, "", "play", ""),
    ("Nidavellir", 293014, "b", 2020, 2, 5, 45, 2.12, 7.75, 190, "", "seen", ""),
    ("Catan: Seafarers", 325, "e", 1997, 3, 4, 90, 2.56, 7.30, None, "", "own", "Die Seefahrer von Catan"),
    ("Carcassonne: Expansion 1 – Inns & Cathedrals", 2993, "e", 2002, 2, 6, 60, 1.98, 7.55, None, "", "own", ""),
    ("Wingspan: European Expansion", 253684, "e", 2019, 1, 5, 70, 2.48, 8.08, None, "", "own", ""),
    ("Wingspan: Oceania Expansion", 290837, "e", 2020, 1, 5, 70, 2.51, 8.15, None, "", "own", ""),
    ("Terraforming Mars: Prelude", 247030, "e", 2018, 1, 5, 120, 3.12, 8.55, None, "", "own", ""),
    ("Everdell: Pearlbrook", 245487, "e", 2019, 1, 4, 100, 2.95, 8.00, None, "", "prev", ""),
    ("7 Wonders Duel: Pantheon", 202976, "e", 2016, 2, 2, 30, 2.35, 8.30, None, "", "own", ""),
    ("Spirit Island: Branch & Claw", 235338, "e", 2017, 1, 4, 120, 4.10, 8.70, None, "", "own", ""),
    ("Spirit Island: Jagged Earth", 267319, "e", 2020, 1, 6, 120, 4.40, 9.00, None, "", "own", ""),
    ("Ark Nova: Marine Worlds", 383425, "e", 2023, 1, 4, 150, 3.80, 8.70, None, "", "wish2", ""),
    ("Heat: Heavy Rain", 400986, "e", 2023, 1, 6, 60, 2.30, 8.40, None, "", "own", ""),
    ("Scythe: Invaders from Afar", 199727, "e", 2016, 1, 7, 115, 3.40, 8.10, None, "", "own", ""),
    ("Root: The Riverfolk Expansion", 241386, "e", 2018, 1, 6, 90, 3.70, 8.40, None, "", "own", ""),
    ("Dune: Imperium – Rise of Ix", 367466, "e", 2022, 1, 4, 120, 3.30, 8.80, None, "", "own", ""),
    ("Cascadia: Landmarks", 399838, "e", 2024, 1, 6, 45, 1.90, 8.00, None, "", "wish3", ""),
]  # fmt: skip
BG_TOP = "Spirit Island"  # the only 10 among the ratings
BG_VERSION = {"Catan": [("Kosmos", "German", 2019, "Die Siedler von Catan (2019)"), ("Catan Studio", "English", 2015, "5th edition")],
              "Carcassonne": [("Hans im Glück", "German", 2014, "Neue Edition"), ("Z-Man Games", "English", 2014, "")],
              "Azul": [("Next Move Games", "English", 2017, ""), ("Pegasus Spiele", "German", 2018, "")]}  # fmt: skip
FRIENDS = [("Jonas", 0.50, "jonas_b", 3102458), ("Lea", 0.41, "", 0), ("Tobias", 0.28, "tobi_plays", 2977110),
           ("Aylin", 0.23, "", 0), ("Mats", 0.19, "", 0), ("Sophie", 0.17, "sophie.k", 3310846), ("Can", 0.12, "", 0),
           ("Henrik", 0.09, "", 0), ("Paula", 0.08, "", 0)]  # fmt: skip
LOCATIONS = [("Home", 55), ("Spieletreff Kreuzberg", 15), ("Jonas & Lea", 11), ("Café Brettspiel", 7), ("", 12)]
COLLECTION_COLUMNS = [
    "objectname", "objectid", "rating", "numplays", "weight", "own", "fortrade", "want", "wanttobuy", "wanttoplay",
    "prevowned", "preordered", "wishlist", "wishlistpriority", "wishlistcomment", "comment", "conditiontext",
    "haspartslist", "wantpartslist", "collid", "baverage", "average", "avgweight", "rank", "numowned", "objecttype",
    "originalname", "minplayers", "maxplayers", "playingtime", "maxplaytime", "minplaytime", "yearpublished",
    "bggrecplayers", "bggbestplayers", "bggrecagerange", "bgglanguagedependence", "publisherid", "imageid", "year",
    "language", "other", "itemtype", "barcode", "pricepaid", "pp_currency", "currvalue", "cv_currency",
    "acquisitiondate", "acquiredfrom", "quantity", "privatecomment", "invlocation", "invdate", "version_publishers",
    "version_languages", "version_yearpublished", "version_nickname",
]  # fmt: skip
COMMENTS = ["Sleeved.", "Missing one wooden cube, replaced with a spare.", 'Box says "ages 10+", our 8-year-old loves it',
            "Great with 3, too long with 5", "Bought at SPIEL, signed by the designer", "Insert from Folded Space\nfits with sleeves",
            "Plays best at 2; the solo mode is fine", "Gift from Jonas, birthday 2022"]  # fmt: skip


def _build_boardgames(rng: random.Random) -> tuple[list[dict], list[dict], list[dict]]:
    """The collection rows, the distinct plays (newest first) and the pages as saved."""
    games = [dict(zip(["name", "id", "kind", "year", "minp", "maxp", "time", "avgweight", "average", "rank", "flags",
                       "status", "original"], g)) for g in GAMES]  # fmt: skip
    byname = {g["name"]: g for g in games}
    # ---- plays ----
    pool = []
    for g in games:
        if g["kind"] != "b" or g["status"] in ("play",) or g["status"].startswith("wish"):
            continue
        if g["status"] == "own" and rng.random() < 0.13 and g["name"] not in (BG_LONG_GAME, BG_TOP):
            continue  # never played (a shelf of shame)
        w = rng.uniform(0.3, 2.2) * (1.6 if "f" in g["flags"] else 1)
        if g["status"] == "seen":
            w = rng.uniform(0.15, 0.4)
        if g["name"] == BG_LONG_GAME:
            w = 6.5
        pool.append((g, w))
    start, end = date(2022, 1, 1), BG_FETCHED - timedelta(days=2)
    days = (end - start).days + 1
    plays = []
    for _ in range(565):
        while True:
            day = start + timedelta(days=rng.randrange(days))
            if rng.random() < (0.9 if day.weekday() >= 4 else 0.35):
                break
        g = rng.choices([p[0] for p in pool], weights=[p[1] for p in pool])[0]
        if g["status"] == "prev" and day.year > 2022:
            g = (
                byname[BG_LONG_GAME]
                if rng.random() < 0.3
                else rng.choice([p[0] for p in pool if p[0]["status"] == "own"])
            )
        plays.append(_play(rng, g, day))
    # play ids follow the order they were logged (most the same or next day, a few weeks later)
    logged = sorted(plays, key=lambda p: (p["date"] + timedelta(days=rng.choice([0, 0, 0, 1, 1, 2, 3, 21, 45])),
                                          rng.random()))  # fmt: skip
    pid = 58_912_000
    for p in logged:
        pid += rng.randint(1_500, 22_000)
        p["id"] = pid
    plays.sort(key=lambda p: (p["date"], p["id"]), reverse=True)  # the API's order: newest first
    # pages: 100 a page; one play logged after page 2 was saved and another after page 3,
    # so the list shifts by one each time and a play at those boundaries shows up on two pages
    new_before = {1: 0, 2: 0, 3: 1, 4: 2, 5: 2, 6: 2, 7: 2}
    pages = []
    k = 1
    while True:
        lo = 100 * (k - 1) - new_before[k]
        idx = list(range(max(lo, 0), min(lo + 100, len(plays))))
        pages.append({"page": k, "total": len(plays) + new_before[k], "plays": idx})
        if lo + 100 >= len(plays):
            break
        k += 1
    numplays: dict[int, int] = {}
    for p in plays:
        numplays[p["game"]["id"]] = numplays.get(p["game"]["id"], 0) + p["quantity"]
    # ---- collection ----
    rows = []
    collid = 71_204_000
    for g in games:
        for v in BG_VERSION.get(g["name"], [None]) if g["status"] == "own2" else [None]:
            collid += rng.randint(40_000, 900_000)
            st = g["status"]
            own = int(st in ("own", "own2"))
            r = {c: "" for c in COLLECTION_COLUMNS}
            rated = g["name"] == BG_TOP or (st in ("own", "own2", "prev", "seen") and rng.random() < 0.82)
            rating = (
                10.0
                if g["name"] == BG_TOP
                else (min(9.5, max(4.0, round(2 * rng.gauss(7.5, 1.1)) / 2)) if rated else None)
            )
            if g["name"] == BG_LONG_GAME:
                rating = 9.5
            price = cur = None
            if st in ("own", "own2", "prev") and rng.random() < 0.74:
                cur = rng.choices(["EUR", "USD", "GBP"], weights=[68, 29, 3])[0]
                base = (
                    {"e": 28, "b": 42}[g["kind"]]
                    * (1.8 if g["avgweight"] > 3.3 else 1)
                    * (0.45 if "f" in g["flags"] else 1)
                )
                price = round(base * rng.uniform(0.7, 1.35) * {"EUR": 1, "USD": 1.1, "GBP": 0.86}[cur]) - 0.01
                if g["name"] == "Gloomhaven" or g["name"] == "Spirit Island: Jagged Earth":
                    cur, price = "USD", {"Gloomhaven": 140.0, "Spirit Island: Jagged Earth": 79.0}[g["name"]]
            wish = st.startswith("wish")
            r.update({
                "objectname": g["name"], "objectid": g["id"], "rating": "N/A" if rating is None else f"{rating:g}",
                "numplays": numplays.get(g["id"], 0), "weight": f"{round(g['avgweight'] + rng.uniform(-0.4, 0.4), 1):g}" if rated and rng.random() < 0.3 else "0",
                "own": own, "fortrade": int(own == 1 and rating is not None and rating <= 6.5 and rng.random() < 0.75),
                "want": 0, "wanttobuy": int(wish and st in ("wish1", "wish2") and rng.random() < 0.5), "wanttoplay": int(st == "play"),
                "prevowned": int(st == "prev"), "preordered": int(g["name"] == "Arcs"), "wishlist": int(wish),
                "wishlistpriority": st[4] if wish else "", "wishlistcomment": "Reprint due autumn" if g["name"] == "Brass: Lancashire" else "",
                "comment": rng.choice(COMMENTS) if own and rng.random() < 0.14 else "", "conditiontext": "",
                "haspartslist": "", "wantpartslist": "", "collid": collid,
                "baverage": f"{g['average'] - rng.uniform(0.4, 0.9):.5f}" if g["rank"] else "0",
                "average": f"{g['average'] + rng.uniform(-0.02, 0.02):.5f}", "avgweight": f"{g['avgweight']:.4f}",
                "rank": g["rank"] if g["rank"] else "Not Ranked", "numowned": rng.randint(8_000, 160_000),
                "objecttype": "thing", "originalname": g["original"] or g["name"], "minplayers": g["minp"],
                "maxplayers": g["maxp"], "playingtime": g["time"], "maxplaytime": g["time"],
                "minplaytime": max(10, g["time"] // (1 if "f" in g["flags"] else 2)), "yearpublished": g["year"],
                "bggrecplayers": ",".join(str(n) for n in range(g["minp"], min(g["maxp"], 6) + 1)),
                "bggbestplayers": ",".join(str(n) for n in sorted({min(max(3, g["minp"]), g["maxp"]), min(g["maxp"], 4)})),
                "bggrecagerange": rng.choice(["8+", "10+", "12+", "14+"]), "bgglanguagedependence": rng.choice(["No necessary in-game text", "Some necessary text - easily memorized or small crib sheet", "Moderate in-game text - needs crib sheet or paste ups"]),
                "publisherid": "", "imageid": rng.randint(2_000_000, 8_000_000), "year": g["year"], "language": "",
                "other": "", "itemtype": "standalone" if g["kind"] == "b" else "expansion", "barcode": "",
                "pricepaid": "" if price is None else f"{price:.2f}", "pp_currency": cur or "",
                "currvalue": "", "cv_currency": "", "quantity": 1 if own or st == "prev" else "",
                "acquisitiondate": (date(2019, 1, 1) + timedelta(days=rng.randrange(1_900))).isoformat() if own and rng.random() < 0.6 else "",
                "acquiredfrom": rng.choice(["Spiele-Offensive", "Amazon", "Kickstarter", "SPIEL Essen", "Thalia", "Brettspielladen Kreuzberg"]) if price is not None and rng.random() < 0.7 else "",
                "privatecomment": "", "invlocation": rng.choice(["Kallax 1", "Kallax 2", "Kallax 3", "Keller"]) if own and rng.random() < 0.4 else "",
                "invdate": "",
            })  # fmt: skip
            if v:
                r.update({"version_publishers": v[0], "version_languages": v[1], "version_yearpublished": v[2],
                          "version_nickname": v[3]})  # fmt: skip
            r["_price"], r["_cur"], r["_rating"], r["_kind"] = price, cur, rating, g["kind"]
            rows.append(r)
    # the export is in the order BGG keeps: by name
    rows.sort(key=lambda r: (r["objectname"].lower(), r["collid"]))
    return rows, plays, pages


def _name_variant(rng: random.Random, name: str) -> str:
    u = rng.random()
    return name.lower() if u < 0.08 else (name + " " if u < 0.15 else name)


def _play(rng: random.Random, g: dict, day: date) -> dict:
    coop, filler, solo = "c" in g["flags"], "f" in g["flags"], "s" in g["flags"]
    essen = date(2023, 10, 5) <= day <= date(2023, 10, 8)
    loc = "SPIEL Essen 2023" if essen else _pick(rng, LOCATIONS)[0]
    quantity = rng.choice([2, 2, 3, 3, 4]) if filler and rng.random() < 0.3 else 1
    incomplete = int(rng.random() < 0.03 and quantity == 1)
    # players
    if solo and rng.random() < 0.22:
        others = []
    else:
        others = [f for f in FRIENDS if rng.random() < f[1]]
        lo = max(1, g["minp"] - 1)
        while len(others) < lo:
            f = rng.choice(FRIENDS)
            if f not in others:
                others.append(f)
        others = others[: max(1, min(g["maxp"], 6) - 1)]
    me_in = not (others and rng.random() < 0.03)  # a few plays logged for friends, without me
    recorded = rng.random() > 0.07
    n = len(others) + 1
    length = 0
    if rng.random() > 0.3:
        length = max(5, int(round(g["time"] * rng.uniform(0.6, 1.5) * (0.8 + 0.1 * n) * quantity / 5) * 5))
    players = []
    if recorded:
        people = ([(BG_NAME, BG_USER, BG_USERID, 1.07)] if me_in else []) + [
            (_name_variant(rng, f[0]), f[2] if f[2] and rng.random() < 0.6 else "", f[3], 1.0) for f in others]  # fmt: skip
        if coop:
            won = int(rng.random() < 0.55 and not incomplete)
            scores = [""] * len(people)
            wins = [won] * len(people)
        else:
            with_scores = rng.random() < 0.8
            base = rng.randint(40, 120)
            raw = [round(base * rng.uniform(0.7, 1.2) * p[3]) for p in people]
            scores = [str(s) for s in raw] if with_scores else [""] * len(people)
            top = max(raw)
            winners = [i for i, s in enumerate(raw) if s == top][:1]
            marked = not incomplete and (with_scores or rng.random() < 0.7)
            wins = [int(marked and i in winners) for i in range(len(people))]
        for (name, user, uid, _), s, w in zip(people, scores, wins):
            players.append({"username": user, "userid": uid if user else 0, "name": name, "score": s, "win": w,
                            "color": "", "new": int(rng.random() < 0.04)})  # fmt: skip
    comments = ""
    if rng.random() < 0.05:
        comments = rng.choice(["Close game!", "First play with the new rules & a 5th player", "Taught Aylin",
                               "Won on the last turn <3"])  # fmt: skip
    return {"date": day, "game": g, "quantity": quantity, "length": length, "incomplete": incomplete,
            "nowinstats": int(rng.random() < 0.02), "location": loc, "players": players, "comments": comments}  # fmt: skip


def _write_collection(t: Truth, d: Path) -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(COLLECTION_COLUMNS)
    for r in t.collection:
        w.writerow([r[c] for c in COLLECTION_COLUMNS])
    (d / COLLECTION_FILE).write_bytes(buf.getvalue().encode("utf-8"))


def _page_xml(t: Truth, page: dict) -> str:
    out = ['<?xml version="1.0" encoding="utf-8"?>',
           f'<plays username="{BG_USER}" userid="{BG_USERID}" total="{page["total"]}" page="{page["page"]}" '
           'termsofuse="https://boardgamegeek.com/xmlapi/termsofuse">']  # fmt: skip
    for i in page["plays"]:
        p = t.plays[i]
        g = p["game"]
        out.append(f'\t<play id="{p["id"]}" date="{p["date"].isoformat()}" quantity="{p["quantity"]}" '
                   f'length="{p["length"]}" incomplete="{p["incomplete"]}" nowinstats="{p["nowinstats"]}" '
                   f'location={quoteattr(p["location"])}>')  # fmt: skip
        out.append(f'\t\t<item name={quoteattr(g["name"])} objecttype="thing" objectid="{g["id"]}">')
        out.append('\t\t\t<subtypes>\n\t\t\t\t<subtype value="boardgame" />\n\t\t\t</subtypes>')
        out.append("\t\t</item>")
        if p["comments"]:
            out.append(f"\t\t<comments>{escape(p['comments'])}</comments>")
        if p["players"]:
            out.append("\t\t<players>")
            for pl in p["players"]:
                out.append(f'\t\t\t<player username={quoteattr(pl["username"])} userid="{pl["userid"]}" '
                           f'name={quoteattr(pl["name"])} startposition="" color="{pl["color"]}" score="{pl["score"]}" '
                           f'new="{pl["new"]}" rating="0" win="{pl["win"]}" />')  # fmt: skip
            out.append("\t\t</players>")
        out.append("\t</play>")
    out.append("</plays>")
    return "\n".join(out) + "\n"


def _write_plays(t: Truth, d: Path) -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for k, page in enumerate(t.pages):
            info = zipfile.ZipInfo(f"plays_page{page['page']}.xml", date_time=(2024, 6, 16, 21, 4 + k, 12))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, _page_xml(t, page).encode("utf-8"))
    (d / PLAYS_FILE).write_bytes(buf.getvalue())


# ==================================================================================================
# Traffic counts: FHWA TMAS volume (3) and station description (S) records, October 2023
# ==================================================================================================

TR_STATE = "41"  # Oregon's FIPS code
TR_MONTH = (2023, 10)
TR_DAYS = [date(2023, 10, d) for d in range(1, 32)]
TR_WEEKDAY_STATION = "034005"  # US 26: complete month, lanes combined only
TR_DEVICE_STATION = "024008"  # OR 22: two days with a counter fault
TR_LANE_STATION, TR_LANE_DAY = "026012", date(2023, 10, 12)  # I-5: by lane and lanes combined
TR_PEAK_STATION = "034012"  # OR 217
TR_GROWTH_STATION = "009001"  # US 97 in Bend: its AADT on file is out of date
# station, route (signing, number), functional class, county FIPS, location, directions, lanes a direction,
# counted by lane, two-way AADT, year established (two digits), year discontinued
TR_STATIONS = [
    ("026004", 1, "00000005", 11, "051", "I-5 0.3 MI S OF COLUMBIA RIVER BRIDGE", "NS", 3, True, 128_400, "94", ""),
    ("026012", 1, "00000005", 11, "067", "I-5 AT TUALATIN RIVER BRIDGE", "NS", 3, True, 141_800, "97", ""),
    ("003011", 1, "00000005", 1, "047", "I-5 1.2 MI N OF JEFFERSON INTERCHANGE", "NS", 2, True, 61_900, "88", ""),
    ("020007", 1, "00000005", 11, "039", "I-5 AT WILLAMETTE RIVER BRIDGE, EUGENE", "NS", 3, True, 70_300, "91", ""),
    ("015002", 1, "00000005", 1, "029", "I-5 0.9 MI S OF ROGUE RIVER INTERCHANGE", "NS", 2, False, 38_100, "85", ""),
    ("026021", 1, "00000084", 11, "051", "I-84 0.2 MI E OF NE 33RD AVE OVERCROSSING", "EW", 3, True, 157_600, "99", ""),
    ("025003", 1, "00000084", 1, "059", "I-84 2.1 MI W OF PENDLETON", "EW", 2, False, 14_600, "86", ""),
    ("026030", 1, "00000205", 11, "005", "I-205 AT ABERNETHY BRIDGE", "NS", 3, True, 112_300, "02", ""),
    ("026036", 1, "00000005", 11, "051", "I-5 AT MARQUAM BRIDGE", "NS", 3, True, 131_000, "90", "21"),
    ("034005", 2, "00000026", 12, "067", "US 26 (SUNSET HWY) 0.4 MI W OF SYLVAN", "EW", 3, False, 104_200, "96", ""),
    ("009001", 2, "00000097", 14, "017", "US 97 PARKWAY N OF BUTLER MARKET RD, BEND", "NS", 2, False, 41_700, "05", ""),
    ("009010", 2, "00000097", 2, "035", "US 97 1.5 MI N OF CHEMULT", "NS", 1, False, 5_200, "83", ""),
    ("004003", 2, "00000101", 2, "041", "US 101 0.5 MI S OF DEPOE BAY", "NS", 1, False, 12_800, "87", ""),
    ("004011", 2, "00000101", 2, "007", "US 101 AT YOUNGS BAY BRIDGE", "NS", 2, False, 19_600, "92", ""),
    ("022002", 2, "00000020", 6, "043", "US 20 1.0 MI E OF LEBANON", "EW", 1, False, 11_200, "89", ""),
    ("010005", 2, "00000395", 2, "025", "US 395 3.0 MI N OF BURNS", "9", 1, False, 2_100, "84", ""),
    ("034012", 3, "00000217", 12, "067", "OR 217 0.3 MI S OF ALLEN BLVD", "NS", 3, False, 117_900, "98", ""),
    ("024008", 3, "00000022", 2, "047", "OR 22 2.5 MI E OF STAYTON", "EW", 2, False, 21_500, "90", ""),
    ("018004", 3, "00000058", 6, "039", "OR 58 0.5 MI W OF OAKRIDGE", "EW", 1, False, 5_600, "86", ""),
    ("012006", 3, "0000099W", 14, "071", "OR 99W AT NEWBERG, S OF MAIN ST", "NS", 2, False, 34_100, "95", ""),
    ("027001", 3, "00000018", 2, "071", "OR 18 1.1 MI W OF GRAND RONDE", "EW", 1, False, 13_900, "93", ""),
    ("031002", 3, "00000126", 6, "017", "OR 126 2.0 MI E OF SISTERS", "EW", 1, False, 9_800, "97", ""),
    ("033004", 3, "00000140", 6, "035", "OR 140 AT LAKE OF THE WOODS", "0", 1, False, 1_900, "90", ""),
    ("032001", 3, "00000062", 6, "029", "OR 62 1.2 MI N OF SHADY COVE", "NS", 1, False, 11_500, "94", ""),
    ("019003", 3, "00000038", 6, "019", "OR 38 AT ELKTON", "0", 1, False, 3_400, "88", ""),
    ("029002", 3, "00000030", 14, "009", "US 30 BYPASS AT ST HELENS", "NS", 2, False, 17_300, "01", "22"),
]  # fmt: skip
TR_MONTHLY = {"004003": 0.88, "004011": 0.9, "018004": 0.86, "031002": 0.9, "033004": 0.8, TR_GROWTH_STATION: 1.23,
              "009010": 0.93, "010005": 0.95}  # fmt: skip
TR_DOW = {0: 0.99, 1: 1.0, 2: 1.02, 3: 1.05, 4: 1.13, 5: 0.89, 6: 0.76}  # date.weekday(): Monday 0 .. Sunday 6
TR_WEEKDAY_PROFILE = [0.8, 0.5, 0.4, 0.4, 0.7, 1.8, 4.2, 6.6, 6.4, 5.2, 4.9, 5.1, 5.4, 5.5, 5.9, 6.7, 7.5, 7.3,
                      6.0, 4.6, 3.6, 3.0, 2.3, 1.4]  # fmt: skip
TR_WEEKEND_PROFILE = [1.5, 1.0, 0.8, 0.6, 0.6, 0.9, 1.6, 2.6, 3.8, 5.2, 6.4, 7.2, 7.6, 7.7, 7.6, 7.4, 7.1, 6.6,
                      5.8, 4.8, 4.0, 3.3, 2.5, 1.9]  # fmt: skip
TR_LANE_SHARES = {1: [1.0], 2: [0.44, 0.56], 3: [0.27, 0.41, 0.32]}
TR_FAULTS = {TR_DEVICE_STATION: [(date(2023, 10, 10), 2, 23), (date(2023, 10, 24), 0, 13)],
             "009010": [(date(2023, 10, 17), 5, 16)], "026004": [(date(2023, 10, 3), 9, 20)],
             "022002": [(date(2023, 10, 28), 0, 23)]}  # fmt: skip
TR_CONSTRUCTION = {
    "026030": [date(2023, 10, d) for d in range(9, 21)],
    "003011": [date(2023, 10, d) for d in (23, 24, 25, 26, 27)],
}
TR_MISSING = {"004003": [date(2023, 10, d) for d in (17, 18, 19)], "018004": [date(2023, 10, 5)],
              "033004": [date(2023, 10, d) for d in range(24, 32)]}  # fmt: skip


def dow_code(day: date) -> int:
    """The TMG day-of-week code: 1 = Sunday ... 7 = Saturday."""
    return day.isoweekday() % 7 + 1


def _split(rng: random.Random, total: int, shares: list[float]) -> list[int]:
    raw = [total * s * rng.uniform(0.96, 1.04) for s in shares]
    if total == 0:
        return [0] * len(shares)
    scale = total / sum(raw)
    parts = [int(x * scale) for x in raw]
    for k in range(total - sum(parts)):
        parts[k % len(parts)] += 1
    return parts


def _build_traffic(rng: random.Random) -> tuple[list[dict], list[dict]]:
    stations, volumes = [], []
    for sid, sign, route, fc, county, loc, dirs, lanes, per_lane, aadt, est, disc in TR_STATIONS:
        codes = {"NS": [1, 5], "EW": [3, 7], "9": [9], "0": [0]}[dirs]
        split = 0.5 + rng.uniform(-0.03, 0.03)
        shares = [split, 1 - split] if len(codes) == 2 else [1.0]
        for k, dc in enumerate(codes):
            stations.append({"station": sid, "dir": dc, "fc": fc, "sign": sign, "route": route, "county": county,
                             "location": loc, "lanes": lanes * (2 if len(codes) == 1 else 1),
                             "aadt": round(aadt * shares[k] * rng.uniform(0.98, 1.02)) if len(codes) == 2 else aadt,
                             "established": est, "discontinued": disc, "per_lane": per_lane,
                             "make": rng.choice(["14", "22", "31"]), "model": rng.choice(["ADR-3000", "TRS", "PEEK ADR-6000", "IRD TCC-540"])})  # fmt: skip
        if disc:
            continue
        inbound = codes[0] if rng.random() < 0.5 else codes[-1]
        month_f = TR_MONTHLY.get(sid, rng.uniform(0.98, 1.06))
        for day in TR_DAYS:
            if day in TR_MISSING.get(sid, []):
                continue
            wkend = day.weekday() >= 5
            total = aadt * month_f * TR_DOW[day.weekday()] * rng.gauss(1, 0.03)
            if day in TR_CONSTRUCTION.get(sid, []):
                total *= 0.8
            fault = next((f for f in TR_FAULTS.get(sid, []) if f[0] == day), None)
            restr = 2 if fault else (1 if day in TR_CONSTRUCTION.get(sid, []) else 0)
            for k, dc in enumerate(codes):
                prof = list(TR_WEEKEND_PROFILE if wkend else TR_WEEKDAY_PROFILE)
                if not wkend and len(codes) == 2:
                    for h in range(24):
                        am, pm = 6 <= h <= 9, 15 <= h <= 18
                        if am:
                            prof[h] *= 1.35 if dc == inbound else 0.8
                        if pm:
                            prof[h] *= 0.8 if dc == inbound else 1.3
                s = sum(prof)
                hours = [max(0, round(total * shares[k] * prof[h] / s * rng.gauss(1, 0.04))) for h in range(24)]
                if fault:
                    hours = [0 if fault[1] <= h <= fault[2] else v for h, v in enumerate(hours)]
                nl = lanes
                if per_lane:
                    by_lane = [_split(rng, v, TR_LANE_SHARES[nl]) for v in hours]
                    for ln in range(1, nl + 1):
                        volumes.append({"station": sid, "fc": fc, "dir": dc, "lane": ln, "date": day,
                                        "hours": [bl[ln - 1] for bl in by_lane], "restr": restr})  # fmt: skip
                volumes.append({"station": sid, "fc": fc, "dir": dc, "lane": 0, "date": day, "hours": hours,
                                "restr": restr})  # fmt: skip
    volumes.sort(key=lambda v: (v["station"], v["date"], v["dir"], v["lane"] == 0, v["lane"]))
    return stations, volumes


def vol_line(v: dict) -> str:
    y, m = TR_MONTH
    line = (f"3{TR_STATE}{v['fc']:02d}{v['station']}{v['dir']}{v['lane']}{y % 100:02d}{m:02d}{v['date'].day:02d}"
            f"{dow_code(v['date'])}" + "".join(f"{h:05d}" for h in v["hours"]) + str(v["restr"]))  # fmt: skip
    assert len(line) == 141, line
    return line


def sta_line(s: dict) -> str:
    f = [
        "S", TR_STATE, s["station"], str(s["dir"]), "0", "23", f"{s['fc']:02d}", str(min(s["lanes"], 9)),
        "T", str(min(s["lanes"], 9)), "3", "N", "0", " ", " ", "13", "N", "0", " ", " ", "2", "L", " ",
        s["make"], f"{s['model']:<15}"[:15], "  ", " " * 15, f"{s['aadt']:06d}", " " * 6, s["established"],
        f"{s['discontinued']:<2}", s["county"], "N", " " * 12, "0", str(s["sign"]), s["route"], "0", "0" * 8,
        f"{s['location']:<50}"[:50],
    ]  # fmt: skip
    line = "".join(f)
    assert len(line) == 167, (len(line), line)
    return line


def _write_traffic(t: Truth, d: Path) -> None:
    (d / VOL_FILE).write_bytes("".join(vol_line(v) + "\r\n" for v in t.volumes).encode("ascii"))
    (d / STA_FILE).write_bytes("".join(sta_line(s) + "\r\n" for s in t.stations).encode("ascii"))


# ==================================================================================================


@functools.lru_cache(maxsize=1)
def truth() -> Truth:
    markers, clinvar = _build_genome(_rng("genome"))
    collection, plays, pages = _build_boardgames(_rng("boardgames"))
    stations, volumes = _build_traffic(_rng("traffic"))
    return Truth(markers=markers, clinvar=clinvar, collection=collection, plays=plays, pages=pages,
                 stations=stations, volumes=volumes)  # fmt: skip


def write_files(d: Path | str) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_genome(t, d)
    _write_clinvar(t, d)
    _write_collection(t, d)
    _write_plays(t, d)
    _write_traffic(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout38-files")
    for p in write_files(out):
        print(f"{p}  {p.stat().st_size:,} bytes")
